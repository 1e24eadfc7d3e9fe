"""Merchant-behaviour autoencoder: anomaly scores rebalanced over the batch shards.

The scorer sees the whole batch's scores (read-only) to rank merchants, then hands each batch
shard back the summed rank-weights of its own merchants.
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


SCATTERS = {
    "sum": lambda x, axis: jax.lax.psum_scatter(x, axis, scatter_dimension=0, tiled=True),
    "none": lambda x, axis: x,
}


# --- entry points ---------------------------------------------------------------------------

@entrypoint("score")
def score(args, errors):
    mesh = mesh_from_args(args)
    batch, latent = mesh.axis_names
    errors = place(mesh, errors, batch, latent)
    scatter = SCATTERS["sum"]

    def rebalance(err):
        everyone = jax.lax.all_gather(err, batch, axis=0, tiled=True, to="reduced")
        weights = jnp.abs(jnp.tanh(everyone))
        return scatter(weights, batch)

    return jax.shard_map(rebalance, mesh=mesh, in_specs=P(batch, latent),
                         out_specs=P(batch, latent))(errors)


def launch(argv, *arrays):
    args = build_parser().parse_args(argv)
    return ENTRYPOINTS[args.command](args, *arrays)


def inputs():
    rng = np.random.default_rng(14)
    return (rng.gamma(2.0, 1.0, size=(32, 16)).astype(np.float32),)


def main(errors):
    return launch(["score"], errors)


if __name__ == "__main__":
    main(*inputs())
