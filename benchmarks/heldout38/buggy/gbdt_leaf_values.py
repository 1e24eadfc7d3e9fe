from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class TreeParams:
    max_leaves: int = 4
    learning_rate: float = 0.1
    reg_lambda: float = 1.0
    axes: tuple = field(default=("workers", "features"))


def inputs():
    rng = np.random.default_rng(32)
    leaf_id = rng.integers(0, 4, size=(16,)).astype(np.int32)
    grad = rng.normal(size=(16,)).astype(np.float32)
    hess = rng.uniform(0.5, 1.0, size=(16,)).astype(np.float32)
    return leaf_id, grad, hess


def leaf_sums(leaf_id, values, n_leaves):
    return jax.ops.segment_sum(values, leaf_id, num_segments=n_leaves)


def make_leaf_body(params: TreeParams):
    worker_axis = params.axes[0]

    def body(leaf_id, grad, hess):
        G = jax.lax.psum(leaf_sums(leaf_id, grad, params.max_leaves), worker_axis)
        H = jax.lax.psum(leaf_sums(leaf_id, hess, params.max_leaves), worker_axis)
        values = -params.learning_rate * G / (H + params.reg_lambda)
        return jax.lax.all_gather(values, worker_axis, to="reduced")

    return body


def main(leaf_id, grad, hess):
    params = TreeParams()
    mesh = jax.make_mesh((2, 4), params.axes)
    spec = P(params.axes[0])
    leaf_id, grad, hess = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (leaf_id, grad, hess))
    f = jax.shard_map(make_leaf_body(params), mesh=mesh, in_specs=(spec, spec, spec),
                      out_specs=P(None, None, reduced={"workers"}))
    return f(leaf_id, grad, hess)


if __name__ == "__main__":
    main(*inputs())
