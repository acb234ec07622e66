pragma circom 2.1.0;

// Knowledge of a factorisation: the prover knows a and b, both in 2 .. 2^32 + 1, with a * b = n
// for the public n. The range checks keep the trivial answer (1, n) out and stop a * b from
// wrapping around the field.

// in = sum of bits[i] * 2^i with every bits[i] in {0, 1}: in fits in n bits.
template Bits(n) {
    signal input in;
    signal bits[n];
    var sum = 0;
    for (var i = 0; i < n; i++) {
        bits[i] <-- (in >> i) & 1;
        bits[i] * (bits[i] - 1) === 0;
        sum += bits[i] * (1 << i);
    }
    sum === in;
}

template Factor(nbits) {
    signal input n;         // public (see main below)
    signal input a;         // private
    signal input b;         // private
    component ra = Bits(nbits);
    component rb = Bits(nbits);
    ra.in <== a - 2;
    rb.in <== b - 2;
    a * b === n;
}

component main {public [n]} = Factor(32);
