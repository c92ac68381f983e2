//! Hold masks and their text forms; the brute-force EV reference on a known hand.

use vpoker::card::parse_hand;
use vpoker::hold::Hold;
use vpoker::machine::MachineId;
use vpoker::strategy::brute_force_evs;

#[test]
fn holds_parse_from_bits_or_mask_and_reject_the_rest() {
    assert_eq!("10110".parse::<Hold>().unwrap().mask(), 0b01101);
    assert_eq!("13".parse::<Hold>().unwrap().mask(), 13);
    assert_eq!("00000".parse::<Hold>().unwrap(), Hold::NONE);
    assert_eq!(Hold::from_mask(31).unwrap(), Hold::ALL);
    for bad in ["32", "-1", "1011", "102101", "abcde", "", "1e1"] {
        assert!(bad.parse::<Hold>().is_err(), "{bad}");
    }
    assert!(Hold::from_mask(32).is_err());
    let hold: Hold = "10110".parse().unwrap();
    assert_eq!(hold.to_string(), "10110");
    assert!(hold.holds(0) && !hold.holds(1) && hold.holds(2) && hold.holds(3) && !hold.holds(4));
    assert_eq!(hold.n_held(), 3);
}

#[test]
fn four_to_a_royal_is_worth_what_the_published_figure_says() {
    let hand = parse_hand("Ah Kh Qh Jh 9c").unwrap();
    let evs = brute_force_evs(MachineId::JacksOrBetter, &hand);
    assert!((evs.ev(Hold::from_mask(15).unwrap()) - 18.553191489).abs() < 1e-9);
    assert_eq!(evs.best().mask(), 15);
    assert_eq!(evs.cost(evs.best()), 0.0);
    let sorted = evs.sorted();
    assert!(sorted.windows(2).all(|w| w[0].ev >= w[1].ev - 1e-12));
}
