// The words of Home, in English. The same keys are in ../ar/home.ts.

const words = {
  home: {
    heroTitle: 'Car rental in the UAE — fast, easy and safe',
    heroText:
      'A seamless rental experience: luxury cars, competitive rates with no hidden fees, and support 24/7.',
    explore: 'Explore cars',
    searchLabel: 'Search cars',
    searchPlaceholder: 'Car type, place or date',
    featured: 'Featured Cars',
    changeTrip: 'Choose other dates or places',
    whyTitle: 'Why choose us?',
    whyHeading: 'Experience the difference',
    points: {
      fleet: { title: 'Diverse fleet', text: 'From city compacts to luxury sedans and SUVs.' },
      prices: { title: 'Best prices', text: 'Competitive daily rates with every fee shown up front.' },
      support: { title: '24/7 support', text: 'Help by phone or chat, day and night.' },
    },
  },
};

export type Words = typeof words;
export default words;
