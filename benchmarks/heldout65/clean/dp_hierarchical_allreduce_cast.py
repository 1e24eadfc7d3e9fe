"""Hierarchical gradient all-reduce (intra-node first) for hybrid-sharded data parallelism."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def tree_all_reduce(tree, axis_name, op=jax.lax.psum):
    return jax.tree.map(lambda g: op(g, axis_name), tree)


def hierarchical_mean(grads, intra_axis, all_axes):
    node_sums = tree_all_reduce(grads, intra_axis)
    node_sums = jax.tree.map(lambda g: jax.lax.pcast(g, intra_axis, to="varying"), node_sums)
    return tree_all_reduce(node_sums, all_axes, op=jax.lax.pmean)


def make_train_step(loss_grad, reduce_fn):
    def step(params, batch):
        grads = loss_grad(params, batch)
        return jax.tree.map(lambda p, g: p - 0.1 * g, params, reduce_fn(grads))
    return step


def inputs():
    rng = np.random.default_rng(20)
    return rng.normal(size=(4,)).astype(np.float32), rng.normal(size=(8, 4)).astype(np.float32)


def main(params, batch):
    mesh = jax.make_mesh((2, 4), ("node", "local"))
    params = jax.device_put(params, NamedSharding(mesh, P()))
    batch = jax.device_put(batch, NamedSharding(mesh, P(("node", "local"), None)))
    loss_grad = lambda p, b: 2.0 * b.T @ (b @ p) / b.shape[0]
    step = make_train_step(loss_grad, lambda g: hierarchical_mean(g, "local", mesh.axis_names))
    return jax.shard_map(step, mesh=mesh, in_specs=(P(), P(("node", "local"), None)), out_specs=P())(params, batch)


if __name__ == "__main__":
    main(*inputs())
