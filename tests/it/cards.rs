//! Card text form: parsing, printing, errors that name the bad token.

use vpoker::card::{parse_cards, parse_hand, Card, CardError, Rank, Suit};
use vpoker::shuffle::fresh_deck;

#[test]
fn fresh_deck_order_is_2c_2d_2h_2s_3c_to_as() {
    let deck = fresh_deck();
    let text: Vec<String> = deck.iter().map(Card::to_string).collect();
    assert_eq!(&text[..5], ["2c", "2d", "2h", "2s", "3c"]);
    assert_eq!(&text[50..], ["Ah", "As"]);
    for (idx, card) in deck.iter().enumerate() {
        assert_eq!(card.index(), idx);
    }
}

#[test]
fn every_card_round_trips_through_text() {
    for card in Card::all() {
        let text = card.to_string();
        assert_eq!(text.parse::<Card>(), Ok(card));
        assert_eq!(text.to_lowercase().parse::<Card>(), Ok(card));
        assert_eq!(Card::new(card.rank().unwrap(), card.suit().unwrap()), card);
    }
}

#[test]
fn ten_is_accepted_as_10_and_t() {
    let ten = Card::new(Rank::Ten, Suit::Hearts);
    assert_eq!("10h".parse::<Card>(), Ok(ten));
    assert_eq!("Th".parse::<Card>(), Ok(ten));
    assert_eq!("th".parse::<Card>(), Ok(ten));
    assert_eq!(ten.to_string(), "Th");
}

#[test]
fn bad_tokens_are_named() {
    for token in ["1h", "Xs", "A", "", "Ahh", "11h", "Ax", "h", "AA", "♥A", "10"] {
        assert_eq!(token.parse::<Card>(), Err(CardError::BadToken(token.to_string())), "{token}");
    }
    let err = parse_cards("Ah Kh Zz").unwrap_err();
    assert!(err.to_string().contains("'Zz'"), "{err}");
}

#[test]
fn hands_need_five_distinct_cards() {
    assert!(parse_hand("Ah Kh Qh Jh Th").is_ok());
    assert!(parse_hand("ah,kh,qh,jh,10h").is_ok());
    assert_eq!(
        parse_hand("Ah Kh Qh Jh").unwrap_err(),
        CardError::WrongCount { expected: 5, got: 4 }
    );
    assert_eq!(
        parse_hand("Ah Kh Qh Jh Ah").unwrap_err(),
        CardError::Duplicate(Card::new(Rank::Ace, Suit::Hearts))
    );
}

#[test]
fn cards_serialise_as_text() {
    let card = Card::new(Rank::Queen, Suit::Spades);
    assert_eq!(serde_json::to_string(&card).unwrap(), "\"Qs\"");
    assert_eq!(serde_json::from_str::<Card>("\"qs\"").unwrap(), card);
    assert!(serde_json::from_str::<Card>("\"Qx\"").is_err());
}

#[test]
fn public_types_are_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Card>();
    check::<vpoker::machine::Paytable>();
    check::<vpoker::shuffle::Seed>();
}
