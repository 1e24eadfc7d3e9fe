"""Whisper-like feature normaliser run as a CLI: log-mel frames are sharded over the sequence
axis, the per-bin mean over the utterance is computed and kept for the encoder's input norm."""
import argparse

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch-axis", default="data")
    parser.add_argument("--seq-axis", default="seq")
    parser.add_argument("--mesh", default="2,4")
    return parser.parse_args(argv)


def log_mel(power, floor=1e-10):
    log_spec = jnp.log10(jnp.maximum(power, floor))
    return (log_spec + 4.0) / 4.0


def main(power, argv=()):
    args = parse_args(list(argv))
    shape = tuple(int(n) for n in args.mesh.split(","))
    mesh = jax.make_mesh(shape, (args.batch_axis, args.seq_axis))
    spec = P(args.batch_axis, args.seq_axis, None)

    def normaliser(p):
        feats = log_mel(p)
        mean = jax.lax.all_gather(jax.lax.pmean(jnp.mean(feats, axis=1), args.seq_axis), args.seq_axis, axis=0, tiled=True, to="reduced")
        return mean

    f = jax.shard_map(normaliser, mesh=mesh, in_specs=spec,
                      out_specs=P(args.batch_axis, None, reduced={args.seq_axis}))
    return f(jax.device_put(power, NamedSharding(mesh, spec)))


def inputs():
    return (jnp.abs(jax.random.normal(jax.random.key(20), (4, 16, 10))),)
