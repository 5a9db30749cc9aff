import { sharedLibraries } from './build-image';

describe("the image's staging", () => {
  it('copies every library ldd names for Node, its loader too, and nothing ldd did not resolve', () => {
    const ldd = [
      '\tlinux-vdso.so.1 (0x00007ffd)',
      '\tlibdl.so.2 => /lib/x86_64-linux-gnu/libdl.so.2 (0x00007f01)',
      '\tlibstdc++.so.6 => /lib/x86_64-linux-gnu/libstdc++.so.6 (0x00007f02)',
      '\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f03)',
      '\t/lib64/ld-linux-x86-64.so.2 (0x00007f04)',
    ].join('\n');
    expect(sharedLibraries(ldd)).toEqual([
      '/lib/x86_64-linux-gnu/libdl.so.2',
      '/lib/x86_64-linux-gnu/libstdc++.so.6',
      '/lib/x86_64-linux-gnu/libc.so.6',
      '/lib64/ld-linux-x86-64.so.2',
    ]);
  });
});
