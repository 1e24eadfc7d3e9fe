"""Flow NLL with a model-parallel coupling; the reduction axes come from a command-line flag."""
import argparse

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("batch", "model"))


def parse(argv):
    p = argparse.ArgumentParser()
    p.add_argument("--reduce-axes", default="batch,model")
    return p.parse_args(argv)


def build(args):
    axes = tuple(args.reduce_axes.split(","))

    def nll(x, w):
        partial_ld = jnp.sum(jnp.tanh(x @ w), axis=-1)
        log_det = jax.lax.psum(partial_ld, "model")
        per_example = 0.5 * jnp.sum(x * x, axis=-1) - log_det
        return jax.lax.psum(jnp.sum(per_example), axes)

    return jax.shard_map(nll, mesh=mesh, in_specs=(P("batch"), P(None, "model")), out_specs=P())


def inputs():
    x = jnp.linspace(-1.0, 1.0, 32 * 4).reshape(32, 4)
    w = 0.2 * jnp.ones((4, 4))
    return (jax.device_put(x, NamedSharding(mesh, P("batch"))),
            jax.device_put(w, NamedSharding(mesh, P(None, "model"))))


def main(x, w, argv=()):
    return build(parse(list(argv)))(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
