import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class PointToPlane:
    def __init__(self, axis="pts"):
        self.axis = axis

    def residual(self, src, dst, normals):
        r = jnp.sum((src - dst) * normals, axis=-1)
        return jax.lax.all_gather(r, self.axis, axis=1, tiled=True, to="reduced")

    def mean_abs(self, src, dst, normals):
        full = jnp.abs(self.residual(src, dst, normals))
        return full.mean(axis=-1)


def inputs():
    rng = np.random.default_rng(25)
    src = rng.normal(size=(4, 32, 3)).astype(np.float32)
    normals = rng.normal(size=(4, 32, 3)).astype(np.float32)
    return src, src + 0.02, normals


def main(src, dst, normals):
    mesh = jax.make_mesh((2, 4), ("pair", "pts"))
    spec = P("pair", "pts", None)
    args = [jax.device_put(a, NamedSharding(mesh, spec)) for a in (src, dst, normals)]
    metric = PointToPlane()
    out = jax.shard_map(metric.mean_abs, mesh=mesh, in_specs=(spec, spec, spec), out_specs=P("pair"))(*args)
    print(out)
    return out


if __name__ == "__main__":
    main(*inputs())
