"""Merchant-behaviour autoencoder: latent codebook snapshot for the clustering job.

A `LatentMonitor` assembles full latent codes (latent shards first, for the code norms) and then
the codebook of the whole batch, both read-only.
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
    return parser


# --- sharding utils -------------------------------------------------------------------------

def mesh_from_args(args):
    shape = tuple(int(n) for n in args.mesh_shape.split(","))
    return jax.make_mesh(shape, tuple(args.mesh_axes.split(",")))


def place(mesh, array, *dims):
    return jax.device_put(array, NamedSharding(mesh, P(*dims)))


class LatentMonitor:
    def __init__(self, mesh):
        self.axes = mesh.axis_names

    def full_codes(self, codes):
        return jax.lax.all_gather(codes, self.axes[-1], axis=1, tiled=True, to="reduced")

    def codebook(self, codes):
        return jax.lax.all_gather(codes, self.axes, axis=0, tiled=True, to="reduced")

    def __call__(self, codes):
        full = self.full_codes(codes)
        norms = jnp.sqrt(jnp.sum(full * full, axis=1))
        return self.codebook(full), norms


# --- entry points ---------------------------------------------------------------------------

@entrypoint("train")
def train(args, codes):
    mesh = mesh_from_args(args)
    batch, latent = mesh.axis_names
    codes = place(mesh, codes, batch, latent)
    monitor = LatentMonitor(mesh)
    return jax.shard_map(monitor, mesh=mesh, in_specs=P(batch, latent),
                         out_specs=(P(None, None, reduced={batch, latent}), P(batch, reduced={latent})))(codes)


def launch(argv, *arrays):
    args = build_parser().parse_args(argv)
    return ENTRYPOINTS[args.command](args, *arrays)


def inputs():
    rng = np.random.default_rng(13)
    return (rng.normal(size=(32, 16)).astype(np.float32),)


def main(codes):
    return launch(["train", "--latent-dim", "16"], codes)


if __name__ == "__main__":
    main(*inputs())
