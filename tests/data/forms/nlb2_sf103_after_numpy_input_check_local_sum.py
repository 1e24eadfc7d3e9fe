import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _check_weights(w):
    w = np.asarray(w, dtype=np.float32)
    if np.any(w < 0):
        raise ValueError("weights must be non-negative")
    if not np.isfinite(w.sum()):
        raise ValueError("weights must be finite")
    return w


def weighted_total(x, w, mesh):
    w = _check_weights(w)

    def body(b, wb):
        part = b * wb
        return jax.lax.psum(part, "i")

    sharding = NamedSharding(mesh, P("i"))
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P("i")), out_specs=P())(
        jax.device_put(x, sharding), jax.device_put(w, sharding))


def main():
    mesh = jax.make_mesh((8,), ("i",))
    rng = np.random.default_rng(0)
    return weighted_total(rng.normal(size=8).astype(np.float32), rng.uniform(size=8), mesh)


if __name__ == "__main__":
    main()
