import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- _sharding.py ------------------------------------------------------------
ROW_AXIS = "rows"
RHS_AXIS = "rhs"


def device_mesh():
    return jax.make_mesh((4, 2), (ROW_AXIS, RHS_AXIS))


# ---- _solver/cg.py -----------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class CG:
    rtol: float
    atol: float
    max_steps: int = 3
    axis_name: str = ROW_AXIS

    def _dot(self, a, b):
        return jax.lax.psum(jnp.sum(a * b, axis=0), self.axis_name)

    def compute(self, diag, b):
        x = jnp.zeros_like(b)
        r = b
        p = r
        rr = self._dot(r, r)
        for _ in range(self.max_steps):
            ap = diag * p
            alpha = rr / self._dot(p, ap)
            x = x + alpha * p
            r = r - alpha * ap
            rr_new = self._dot(r, r)
            p = r + (rr_new / rr) * p
            rr = rr_new
        return x, self.residual_norm(rr)

    def residual_norm(self, rr):
        return jax.lax.all_gather(rr, self.axis_name, to="reduced", tiled=True)


def inputs():
    diag = np.linspace(1.0, 2.0, 32, dtype=np.float32).reshape(8, 4)
    b = np.ones((8, 4), np.float32)
    return (diag, b)


def main(diag, b):
    mesh = device_mesh()
    solver = CG(rtol=1e-5, atol=1e-5)
    spec = P(ROW_AXIS, RHS_AXIS)
    f = jax.shard_map(solver.compute, mesh=mesh, in_specs=(spec, spec),
                      out_specs=(spec, P(RHS_AXIS, reduced={ROW_AXIS})))
    place = lambda x: jax.device_put(jnp.asarray(x), NamedSharding(mesh, spec))
    x, res = jax.jit(f)(place(diag), place(b))
    print(x.shape, res.shape)


if __name__ == "__main__":
    main(*inputs())
