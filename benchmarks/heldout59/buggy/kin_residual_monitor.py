"""IK convergence monitor: mean residual over poses and joints inside the solver loop."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("pose", "joint"))
POSE, JOINT = MESH.axis_names


def solve(q, target, iters=3, step=0.5):
    def body(i, carry):
        q, _ = carry
        reach = jax.lax.psum(jnp.sin(q).sum(axis=-1, keepdims=True), JOINT)
        residual = target - reach
        q = q + step * residual / q.shape[-1]
        return q, jax.lax.pmean(jnp.abs(residual).mean(), (POSE, JOINT))
    return jax.lax.fori_loop(0, iters, body, (q, jnp.zeros((), q.dtype)))[1]


def inputs():
    return (np.zeros((16, 8), np.float32), np.full((16, 1), 0.8, np.float32))


def main(q, target):
    q = jax.device_put(q, NamedSharding(MESH, P(POSE, JOINT)))
    target = jax.device_put(target, NamedSharding(MESH, P(POSE, None)))
    return jax.shard_map(solve, mesh=MESH, in_specs=(P(POSE, JOINT), P(POSE, None)),
                         out_specs=P())(q, target)


if __name__ == "__main__":
    main(*inputs())
