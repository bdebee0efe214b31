// The words of Search and Services (the fleet, the companies), in English. The same keys are in
// ../ar/search.ts.

const words = {
  search: {
    trip: 'Where and when',
    pickupLocation: 'Pick-up location',
    dropoffLocation: 'Return location',
    choosePlace: 'Choose a place',
    pickupAt: 'Pick-up date and time',
    dropoffAt: 'Return date and time',
    timeHint: 'UAE time',
    oneWayNote: 'Returning the car in another emirate adds a one-way fee of {amount} plus VAT.',
    oneWayApplies: 'Returned in another emirate: a one-way fee of {amount} plus VAT applies.',
    submit: 'Find cars',
    results: 'Cars free for your dates',
    filters: 'Filter and sort',
    type: 'Car type',
    anyType: 'All types',
    company: 'Rental company',
    anyCompany: 'All companies',
    sort: 'Sort by',
    sorts: { price: 'Price: lowest first', 'price-desc': 'Price: highest first' },
    count: '{n} cars free',
    countOne: '1 car free',
    loading: 'Looking for free cars…',
    noneFiltered: 'No car of this type or company is free for these dates.',
    showAll: 'Show all cars',
    retry: 'Try again',
    fixTrip: 'Correct the places and times above to see the cars that are free.',
  },
  services: {
    allContracts: 'All contracts',
    companiesFailed: 'The rental companies could not be loaded. Check your connection.',
    rentals: 'Rentals',
    rentalsText: 'Explore our fleet of luxury vehicles and find the right car for every trip.',
    viewMore: 'View more',
    viewMoreCars: 'View more cars',
    viewMoreCompanies: 'View more rental companies',
    companies: 'Rental Companies',
    companiesNav: 'Rental companies carousel',
    slide: 'Go to slide {n}',
    contracts: 'Contracts',
    contractsText: 'Manage your rental agreements and view contract details.',
    contractSearchLabel: 'Search contracts',
    contractSearch: 'Search by contract number',
  },
};

export type Words = typeof words;
export default words;
