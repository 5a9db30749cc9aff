// Async boundary: federation negotiates shared React before the standalone page uses it.
void import('./app/bootstrap');
