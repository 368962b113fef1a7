// The North American Numbering Plan (+1) is shared by the US, Canada, US territories and
// Caribbean countries: its area codes (NPAs) say where a number is, and how carriers rate a call
// to it. Calls to the US states and DC are domestic; every other +1 place is rated as international.

/** Area codes of the 50 states and DC, by state (updated as overlays open). */
const US_STATES: Record<string, string> = {
  Alabama: '205 251 256 334 659 938',
  Alaska: '907',
  Arizona: '480 520 602 623 928',
  Arkansas: '327 479 501 870',
  California:
    '209 213 279 310 323 341 350 357 369 408 415 424 442 510 530 559 562 619 626 628 650 657 661 669 ' +
    '707 714 738 747 760 805 818 820 831 840 858 909 916 925 949 951',
  Colorado: '303 719 720 748 970 983',
  Connecticut: '203 475 860 959',
  Delaware: '302',
  'District of Columbia': '202 771',
  Florida: '239 305 321 324 352 386 407 448 561 645 656 689 727 728 754 772 786 813 850 863 904 941 954',
  Georgia: '229 404 470 478 678 706 762 770 912 943',
  Hawaii: '808',
  Idaho: '208 986',
  Illinois: '217 224 309 312 331 447 464 618 630 708 730 773 779 815 847 861 872',
  Indiana: '219 260 317 463 574 765 812 930',
  Iowa: '319 515 563 641 712',
  Kansas: '316 620 785 913',
  Kentucky: '270 364 502 606 859',
  Louisiana: '225 318 337 504 985',
  Maine: '207',
  Maryland: '227 240 301 410 443 667',
  Massachusetts: '339 351 413 508 617 774 781 857 978',
  Michigan: '231 248 269 313 517 586 616 679 734 810 906 947 989',
  Minnesota: '218 320 507 612 651 763 924 952',
  Mississippi: '228 471 601 662 769',
  Missouri: '235 314 417 557 573 636 660 816 975',
  Montana: '406',
  Nebraska: '308 402 531',
  Nevada: '702 725 775',
  'New Hampshire': '603',
  'New Jersey': '201 551 609 640 732 848 856 862 908 973',
  'New Mexico': '505 575',
  'New York': '212 315 329 332 347 363 516 518 585 607 624 631 646 680 716 718 838 845 914 917 929 934',
  'North Carolina': '252 336 472 704 743 828 910 919 980 984',
  'North Dakota': '701',
  Ohio: '216 220 234 283 326 330 380 419 436 440 513 567 614 740 937',
  Oklahoma: '405 539 572 580 918',
  Oregon: '458 503 541 971',
  Pennsylvania: '215 223 267 272 412 445 484 570 582 610 717 724 814 835 878',
  'Rhode Island': '401',
  'South Carolina': '803 821 839 843 854 864',
  'South Dakota': '605',
  Tennessee: '423 615 629 731 865 901 931',
  Texas:
    '210 214 254 281 325 346 361 409 430 432 469 512 682 713 726 737 806 817 830 832 903 915 936 940 ' +
    '945 956 972 979',
  Utah: '385 435 801',
  Vermont: '802',
  Virginia: '276 434 540 571 686 703 757 804 826 948',
  Washington: '206 253 360 425 509 564',
  'West Virginia': '304 681',
  Wisconsin: '262 274 353 414 534 608 715 920',
  Wyoming: '307',
};

/** Toll-free codes: reachable from the US at domestic rates (the number's owner pays). */
export const TOLL_FREE = new Set(['800', '833', '844', '855', '866', '877', '888']);

/**
 * US territories: part of the US, but Twilio prices calls to them as separate countries, so they
 * are not domestic-rated for a US account (see docs/reliability.md).
 */
const US_TERRITORIES: Record<string, string> = {
  'Puerto Rico': '787 939',
  'the US Virgin Islands': '340',
  Guam: '671',
  'the Northern Mariana Islands': '670',
  'American Samoa': '684',
};

/** The other NANP countries: +1 numbers billed at international rates. */
const ELSEWHERE: Record<string, string> = {
  Canada:
    '204 226 236 249 250 257 263 289 306 343 354 365 367 368 382 387 403 416 418 428 431 437 438 450 ' +
    '460 468 474 506 514 519 548 579 581 584 587 600 604 613 622 639 647 672 683 705 709 742 753 778 ' +
    '780 782 807 819 825 867 873 879 902 905 942',
  'the Bahamas': '242',
  Barbados: '246',
  Anguilla: '264',
  'Antigua and Barbuda': '268',
  'the British Virgin Islands': '284',
  'the Cayman Islands': '345',
  Bermuda: '441',
  Grenada: '473',
  'the Turks and Caicos Islands': '649',
  Jamaica: '658 876',
  Montserrat: '664',
  'Sint Maarten': '721',
  'Saint Lucia': '758',
  Dominica: '767',
  'Saint Vincent and the Grenadines': '784',
  'the Dominican Republic': '809 829 849',
  'Trinidad and Tobago': '868',
  'Saint Kitts and Nevis': '869',
};

const byCode = (table: Record<string, string>) =>
  new Map(Object.entries(table).flatMap(([place, codes]) => codes.split(' ').map((c) => [c, place])));

/** Area code → state (or District of Columbia). */
export const US_AREA_CODES: ReadonlyMap<string, string> = byCode(US_STATES);
/** Area code → US territory. */
export const TERRITORY_AREA_CODES: ReadonlyMap<string, string> = byCode(US_TERRITORIES);
/** Area code → another NANP country. */
export const FOREIGN_AREA_CODES: ReadonlyMap<string, string> = byCode(ELSEWHERE);
