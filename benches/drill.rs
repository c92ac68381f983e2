//! Benchmark of the hard-decisions drill source: 1,000 hard hands per machine from a fresh
//! run of the pipeline's generator (tables already built; each deal the hand of its own seed), with the rate in hard hands a second as criterion's
//! throughput. The target is at least 1,000 a second per machine. Run with
//! `cargo bench -p vpoker --bench drill`.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use vpoker::machine::MachineId;
use vpoker::shuffle::Seed;
use vpoker::pipeline::drill::{hard_hands, HardDeals};
use vpoker::table::Table;
use vpoker::strategy::warm_up;

/// Hard hands per measured run.
const N_HANDS: usize = 1000;

fn generator(c: &mut Criterion) {
    warm_up();
    let mut group = c.benchmark_group("drill: 1,000 hard hands");
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Elements(N_HANDS as u64));
    for machine in MachineId::ALL {
        // A new seed per run, so every run deals new hands.
        let mut run = 0u64;
        group.bench_function(machine.id(), |b| {
            b.iter(|| {
                run += 1;
                let mut bytes = [0x5au8; 32];
                bytes[..8].copy_from_slice(&run.to_le_bytes());
                hard_hands(&Table::machine(machine), &Seed::from_bytes(bytes), N_HANDS)
            })
        });
    }
    group.finish();
    // The share of deals kept, for the record.
    for machine in MachineId::ALL {
        let mut hands = HardDeals::new(&Table::machine(machine), &Seed::from_bytes([7; 32]));
        let _ = hands.by_ref().take(100_000).count();
        eprintln!("{machine}: {} deals for 100000 hard hands", hands.dealt());
    }
}

criterion_group!(benches, generator);
criterion_main!(benches);
