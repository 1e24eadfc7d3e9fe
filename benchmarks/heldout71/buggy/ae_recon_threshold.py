"""Merchant-behaviour autoencoder: reconstruction errors for the alert threshold.

Launched as `merchant-ae score --gather-axis ...`; each merchant's squared error is summed over
the latent shards and the errors of the scoring batch are assembled for the threshold fit.
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
    parser.add_argument("--gather-axis", default="latent")
    return parser


# --- sharding utils -------------------------------------------------------------------------

def mesh_from_args(args):
    shape = tuple(int(n) for n in args.mesh_shape.split(","))
    return jax.make_mesh(shape, tuple(args.mesh_axes.split(",")))


def place(mesh, array, *dims):
    return jax.device_put(array, NamedSharding(mesh, P(*dims)))


# --- entry points ---------------------------------------------------------------------------

@entrypoint("score")
def score(args, features, recon):
    mesh = mesh_from_args(args)
    batch, latent = mesh.axis_names
    features = place(mesh, features, batch, latent)
    recon = place(mesh, recon, batch, latent)

    def errors(x, x_hat):
        sq = jnp.sum((x - x_hat) ** 2, axis=1)
        per_merchant = jax.lax.psum(sq, latent)
        return jax.lax.all_gather(per_merchant, args.gather_axis, tiled=True, to="reduced")

    return jax.shard_map(errors, mesh=mesh, in_specs=(P(batch, latent), P(batch, latent)),
                         out_specs=P(batch, reduced={args.gather_axis}))(features, recon)


def launch(argv, *arrays):
    args = build_parser().parse_args(argv)
    return ENTRYPOINTS[args.command](args, *arrays)


def inputs():
    rng = np.random.default_rng(12)
    x = rng.normal(size=(32, 16)).astype(np.float32)
    return x, x + 0.1 * rng.normal(size=(32, 16)).astype(np.float32)


def main(features, recon):
    return launch(["score"], features, recon)


if __name__ == "__main__":
    main(*inputs())
