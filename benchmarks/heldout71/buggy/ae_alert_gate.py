"""Merchant-behaviour autoencoder: the alert gate of the scoring job.

Merchants whose reconstruction error is above the `--threshold` are flagged; the gate sees the
errors of the whole scoring batch so that it can report the flag rate.
"""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ENTRYPOINTS = {}


def entrypoint(name):
    def register(fn):
        ENTRYPOINTS[name] = fn
        return fn
    return register


def build_parser():
    parser = argparse.ArgumentParser(prog="merchant-ae")
    parser.add_argument("command", choices=["train", "score", "export"])
    parser.add_argument("--mesh-shape", default="2,4")
    parser.add_argument("--mesh-axes", default="batch,latent")
    parser.add_argument("--latent-dim", type=int, default=16)
    parser.add_argument("--threshold", type=float, default=24.0)
    return parser


# --- sharding utils -------------------------------------------------------------------------

def mesh_from_args(args):
    shape = tuple(int(n) for n in args.mesh_shape.split(","))
    return jax.make_mesh(shape, tuple(args.mesh_axes.split(",")))


def place(mesh, array, *dims):
    return jax.device_put(array, NamedSharding(mesh, P(*dims)))


class AlertGate:
    def __init__(self, threshold, batch_axis, latent_axis):
        self.threshold = threshold
        self.batch_axis = batch_axis
        self.latent_axis = latent_axis

    def errors(self, x, x_hat):
        return jax.lax.psum(jnp.sum((x - x_hat) ** 2, axis=1), self.latent_axis)

    def flag_rate(self, x, x_hat):
        batch_errors = jax.lax.all_gather(self.errors(x, x_hat), self.batch_axis, tiled=True, to="reduced")
        flagged = jnp.where(batch_errors > self.threshold, 1.0, 0.0)
        return flagged.mean()


# --- entry points ---------------------------------------------------------------------------

@entrypoint("score")
def score(args, features, recon):
    mesh = mesh_from_args(args)
    batch, latent = mesh.axis_names
    features = place(mesh, features, batch, latent)
    recon = place(mesh, recon, batch, latent)
    gate = AlertGate(args.threshold, batch, latent)
    return jax.shard_map(gate.flag_rate, mesh=mesh, in_specs=(P(batch, latent), P(batch, latent)),
                         out_specs=P())(features, recon)


def launch(argv, *arrays):
    args = build_parser().parse_args(argv)
    return ENTRYPOINTS[args.command](args, *arrays)


def inputs():
    rng = np.random.default_rng(17)
    x = rng.normal(size=(32, 16)).astype(np.float32)
    return x, x + rng.normal(size=(32, 16)).astype(np.float32) * rng.uniform(0.5, 2.0, size=(32, 1)).astype(np.float32)


def main(features, recon):
    return launch(["score", "--threshold", "20.0"], features, recon)


if __name__ == "__main__":
    main(*inputs())
