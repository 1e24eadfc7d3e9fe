"""A tree all-reduce helper applied to gradients and to batch statistics alike."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("dp", "mp")


def all_reduce(tree, axis_name=AXES, op=jax.lax.pmean):
    return jax.tree.map(lambda leaf: op(leaf, axis_name), tree)


def forward(w, x):
    h = x * w
    stats = {"row_mean": jax.lax.pmean(h.mean(axis=1), "mp")}
    grads = {"w": h.sum(axis=0)}
    return grads, stats


def train_step(w, x):
    grads, stats = forward(w, x)
    return all_reduce(grads), all_reduce(stats, axis_name=("dp",))


def inputs():
    rng = np.random.default_rng(21)
    return rng.normal(size=(16,)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(w, x):
    mesh = jax.make_mesh((2, 4), AXES)
    w = jax.device_put(w, NamedSharding(mesh, P("mp")))
    x = jax.device_put(x, NamedSharding(mesh, P("dp", "mp")))
    run = jax.shard_map(train_step, mesh=mesh, in_specs=(P("mp"), P("dp", "mp")),
                        out_specs=({"w": P()}, {"row_mean": P()}))
    return run(w, x)


if __name__ == "__main__":
    main(*inputs())
