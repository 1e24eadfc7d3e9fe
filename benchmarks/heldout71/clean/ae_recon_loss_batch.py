"""Merchant-behaviour autoencoder: the reconstruction loss of a training step.

Each merchant's squared error is summed over the latent shards; the batch loss is then summed
over the axes given on the command line (`--loss-axes`).
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
    parser.add_argument("--loss-axes", default="batch")
    return parser


# --- sharding utils -------------------------------------------------------------------------

def mesh_from_args(args):
    shape = tuple(int(n) for n in args.mesh_shape.split(","))
    return jax.make_mesh(shape, tuple(args.mesh_axes.split(",")))


def place(mesh, array, *dims):
    return jax.device_put(array, NamedSharding(mesh, P(*dims)))


# --- entry points ---------------------------------------------------------------------------

@entrypoint("train")
def train(args, features, recon):
    mesh = mesh_from_args(args)
    batch, latent = mesh.axis_names
    features = place(mesh, features, batch, latent)
    recon = place(mesh, recon, batch, latent)
    loss_axes = tuple(args.loss_axes.split(","))

    def loss(x, x_hat):
        per_merchant = jax.lax.psum(jnp.sum((x - x_hat) ** 2, axis=1), latent)
        return jax.lax.psum(per_merchant.mean(), axis_name=loss_axes) / x.shape[0]

    return jax.shard_map(loss, mesh=mesh, in_specs=(P(batch, latent), P(batch, latent)),
                         out_specs=P())(features, recon)


def launch(argv, *arrays):
    args = build_parser().parse_args(argv)
    return ENTRYPOINTS[args.command](args, *arrays)


def inputs():
    rng = np.random.default_rng(16)
    x = rng.normal(size=(32, 16)).astype(np.float32)
    return x, x + 0.2 * rng.normal(size=(32, 16)).astype(np.float32)


def main(features, recon):
    return launch(["train"], features, recon)


if __name__ == "__main__":
    main(*inputs())
