/** The pages a visitor asks the server for under load: the home page, a calculator choice, terms. */
export const LOAD_PAGES = ['/', '/?amount=2500&term=6', '/static', '/?amount=800&term=12', '/'];
