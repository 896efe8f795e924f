fn main() {
    eprintln!("unocli: not yet implemented");
    std::process::exit(2);
}
