use grundy::games::TakeBreak;
use grundy::solve::heap::sparse::Sparse;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let g: TakeBreak = if args[1] == "grundy" {
        TakeBreak::grundy_game()
    } else {
        args[1].parse().unwrap()
    };
    let n: usize = args[2].parse().unwrap();
    let t = std::time::Instant::now();
    let mut s = Sparse::new(g.digits(), g.unequal());
    for _ in 0..=n {
        s.step().unwrap();
    }
    let el = t.elapsed();
    let v = s.values();
    let mut sum: u32 = 0;
    for &x in v {
        sum = sum.wrapping_mul(31).wrapping_add(x as u32);
    }
    println!("{:?} last {} hash {} {:?}", el, v[n], sum, s.stats());
    if args.len() > 3 {
        let t = std::time::Instant::now();
        let w = g.values_with(n, false, &mut grundy::NoProgress);
        println!(
            "loop {:?} equal {}",
            t.elapsed(),
            w.iter().zip(v).all(|(a, b)| *a == *b as u32)
        );
    }
}
