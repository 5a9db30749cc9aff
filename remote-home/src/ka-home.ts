/**
 * The home slice's words for the slider and the questions, in Georgian (decision 010: a slice
 * keeps its own words; `shared/strings/ka` keeps what two apps show).
 */
export const kaHome = {
  sliderEmpty: 'ამჟამად აქციები არ არის.',
  sliderError: 'აქციების ჩატვირთვა ვერ მოხერხდა.',
  sliderMore: 'დაწვრილებით',
  previousSlide: 'წინა სლაიდი',
  nextSlide: 'შემდეგი სლაიდი',
  firstSlide: 'ეს პირველი სლაიდია',
  lastSlide: 'ეს ბოლო სლაიდია',
  sliderRole: 'სლაიდერი',
  slideRole: 'სლაიდი',
  goToSlide: 'სლაიდი',
  pauseSlider: 'ავტომატური გადახვევის შეჩერება',
  playSlider: 'ავტომატური გადახვევის ჩართვა',
  faqEmpty: 'კითხვები ჯერ არ დამატებულა.',
  faqError: 'კითხვების ჩატვირთვა ვერ მოხერხდა.',
} as const;
