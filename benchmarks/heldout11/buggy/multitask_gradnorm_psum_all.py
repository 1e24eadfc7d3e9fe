"""GradNorm-like task balancing: the norm of each task's gradient on the shared layer."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ALL_AXES = ("dp", "tp")


def global_norm(g, axes=ALL_AXES):
    sq = jnp.sum(g * g)
    return jnp.sqrt(jax.lax.psum(sq, axes))


def task_grad_norms(x, w_shared, task_targets):
    norms = []
    for t in range(task_targets.shape[1]):
        g = jax.grad(lambda w: jnp.mean((x @ w - task_targets[:, t:t + 1]) ** 2))(w_shared)
        norms.append(global_norm(g))
    return jnp.stack(norms)


def inputs():
    r = np.random.RandomState(53)
    return r.randn(8, 16).astype(np.float32), r.randn(16, 1).astype(np.float32), r.randn(8, 3).astype(np.float32)


def main(x, w, y):
    mesh = jax.make_mesh((2, 4), ALL_AXES)
    x = jax.device_put(x, NamedSharding(mesh, P("dp", "tp")))
    w = jax.device_put(w, NamedSharding(mesh, P("tp", None)))
    y = jax.device_put(y, NamedSharding(mesh, P("dp", None)))
    return jax.shard_map(task_grad_norms, mesh=mesh, in_specs=(P("dp", "tp"), P("tp", None), P("dp", None)),
                         out_specs=P())(x, w, y)


if __name__ == "__main__":
    print(main(*inputs()))
