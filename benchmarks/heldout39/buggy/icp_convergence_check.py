import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ICPSolver:
    axis = "pts"
    tolerance = 1e-3

    @classmethod
    def residuals(cls, src, dst):
        d = jnp.linalg.norm(src - dst, axis=-1)
        return jax.lax.all_gather(d, cls.axis, axis=1, tiled=True, to="reduced")

    @classmethod
    def worst(cls, src, dst):
        full = cls.residuals(src, dst)
        return jax.lax.pmax(full, cls.axis)

    @classmethod
    def run(cls, mesh, src, dst):
        spec = P("pair", cls.axis, None)
        return jax.shard_map(cls.worst, mesh=mesh, in_specs=(spec, spec), out_specs=P("pair", None))(src, dst)


def inputs():
    rng = np.random.default_rng(22)
    src = rng.normal(size=(4, 32, 3)).astype(np.float32)
    return src, src + rng.normal(scale=0.01, size=src.shape).astype(np.float32)


def main(src, dst):
    mesh = jax.make_mesh((2, 4), ("pair", ICPSolver.axis))
    src = jax.device_put(src, NamedSharding(mesh, P("pair", ICPSolver.axis, None)))
    dst = jax.device_put(dst, NamedSharding(mesh, P("pair", ICPSolver.axis, None)))
    worst = ICPSolver.run(mesh, src, dst)
    print(worst.shape)
    return worst


if __name__ == "__main__":
    main(*inputs())
