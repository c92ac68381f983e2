use vpoker::lab::numbers::{key_collision_chance, numbers, BigUint};

#[test]
fn exact_integers() {
    let all = numbers();
    let exact = |id: &str| all.get(id).unwrap().exact.clone().unwrap();
    assert_eq!(exact("deck-orderings"), "80658175170943878571660636856403766975289505440883277824000000000000");
    assert_eq!(exact("deck-orderings").len(), 68);
    assert_eq!(exact("xorshift128plus-states"), "340282366920938463463374607431768211456");
    assert_eq!(
        exact("chacha20-seeds"),
        "115792089237316195423570985008687907853269984665640564039457584007913129639936"
    );
    assert_eq!(exact("ordered-deals"), "311875200");
    assert_eq!(exact("hands"), "2598960");
}

#[test]
fn ratios() {
    let all = numbers();
    let value = |id: &str| all.get(id).unwrap().value;
    let close = |a: f64, b: f64, rel: f64| (a - b).abs() <= rel * b.abs();
    assert!(close(value("deck-orderings"), 8.065817517094388e67, 1e-15));
    assert!(close(value("states-per-ordering"), 4.218_820_549_804_864e-30, 1e-12), "{}", value("states-per-ordering"));
    assert!(close(value("log2-deck-orderings"), 225.581_003_123_702_76, 1e-13), "{}", value("log2-deck-orderings"));
    assert_eq!(value("seed-bits"), 256.0);
    assert!(
        close(value("states-per-ordered-deal"), 1.091_085_045_944_462_6e30, 1e-12),
        "{}",
        value("states-per-ordered-deal")
    );
    assert!(close(value("seeds-per-ordering"), 1_435_590_242.302_294, 1e-12), "{}", value("seeds-per-ordering"));
    assert!(close(value("sort-keys-collision-approx"), 3.087_334_334_850_311e-7, 1e-15));
    // The exact chance is a hair below the approximation: 1 − Π(1 − k/2^32) ≈ Σ k/2^32 − …
    let exact = value("sort-keys-collision");
    assert!(exact < value("sort-keys-collision-approx") && close(exact, 3.087_333_870_608_539e-7, 1e-9), "{exact}");
    assert!(close(key_collision_chance(2), 1.0 / 4_294_967_296.0, 1e-12));
}

#[test]
fn big_integers() {
    assert_eq!(BigUint::factorial(20).to_decimal(), "2432902008176640000");
    assert_eq!(BigUint::from_u64(u64::MAX).times(3).to_decimal(), "55340232221128654845");
    assert_eq!(BigUint::pow2(64).to_decimal(), "18446744073709551616");
    assert_eq!(BigUint::from_u64(0).to_decimal(), "0");
    assert_eq!(BigUint::from_u64(1_000_000_000).to_decimal(), "1000000000");
    assert_eq!(BigUint::factorial(52).div_by(52).to_decimal(), BigUint::factorial(51).to_decimal());
    assert!((BigUint::pow2(200).log2() - 200.0).abs() < 1e-12);
}
