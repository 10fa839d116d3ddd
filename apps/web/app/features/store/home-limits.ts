// SPEC §9: categories carousel 10 slides (5 on template1, 4 below 1280 px); new arrivals 2 (6 on
// template1); top products limit 10, 4 per page (6 on template1).
export function homeLimits(template1: boolean) {
  return {
    categorySlides: template1 ? 5 : 10,
    categorySlidesNarrow: 4,
    newArrivals: template1 ? 6 : 2,
    topProducts: 10,
    topProductsPerPage: template1 ? 6 : 4,
  };
}
