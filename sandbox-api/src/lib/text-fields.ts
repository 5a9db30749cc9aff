import { z } from 'zod';

/** A choice among `values`, with a Georgian message naming them. */
export const choiceInput = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined
        ? 'ეს ველი სავალდებულოა.'
        : `აირჩიეთ ერთ-ერთი: ${values.join(', ')}.`,
  });

/**
 * Free text of `min`…`max` characters (code points) after trimming, stored trimmed, as DRF's
 * CharField trims. Control characters never get here: every body is refused with them first
 * (and the body limit bounds the length the count has to walk).
 */
export const textInput = (min: number, max: number) =>
  z
    .string()
    .transform((value) => value.trim())
    .refine((value) => Array.from(value).length >= min, {
      message: `ტექსტი უნდა შეიცავდეს მინიმუმ ${min} სიმბოლოს.`,
      abort: true,
    })
    .refine((value) => Array.from(value).length <= max, {
      message: `ტექსტი არ უნდა აღემატებოდეს ${max} სიმბოლოს.`,
    });
