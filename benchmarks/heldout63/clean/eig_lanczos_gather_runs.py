"""Block of independent Lanczos runs: the alpha coefficients of every step build the tridiagonal matrices."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Lanczos:
    row_axis = "row"
    run_axis = "vec"

    def __init__(self, steps=4):
        self.steps = steps

    def dot(self, u, v):
        return jax.lax.psum(jnp.sum(u * v, axis=0, keepdims=True), self.row_axis)

    def matvec(self, a_rows, v):
        return a_rows @ jax.lax.all_gather(v, self.row_axis, axis=0, tiled=True)

    def run(self, a_rows, v):
        v = v / jnp.sqrt(self.dot(v, v))
        v_prev = jnp.zeros_like(v)
        beta = jnp.zeros((1, v.shape[1]), v.dtype)
        alphas = []
        for _ in range(self.steps):
            w = self.matvec(a_rows, v)
            alpha = self.dot(w, v)
            w = w - alpha * v - beta * v_prev
            beta = jnp.sqrt(self.dot(w, w))
            alphas.append(alpha)
            v_prev, v = v, w / beta
        diagonal = jnp.concatenate(alphas, axis=0)
        return jax.lax.all_gather(diagonal, self.run_axis, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(60)
    m = rng.standard_normal((16, 16)).astype(np.float32)
    return (m + m.T) / 2.0, rng.standard_normal((16, 2)).astype(np.float32)


def main(a, v0):
    mesh = jax.make_mesh((4, 2), (Lanczos.row_axis, Lanczos.run_axis))
    a = jax.device_put(a, NamedSharding(mesh, P(Lanczos.row_axis, None)))
    v0 = jax.device_put(v0, NamedSharding(mesh, P(Lanczos.row_axis, Lanczos.run_axis)))
    lanczos = Lanczos()
    run = jax.shard_map(lanczos.run, mesh=mesh,
                        in_specs=(P(Lanczos.row_axis, None), P(Lanczos.row_axis, Lanczos.run_axis)),
                        out_specs=P(None, None, reduced={Lanczos.run_axis}))
    return run(a, v0)


if __name__ == "__main__":
    main(*inputs())
