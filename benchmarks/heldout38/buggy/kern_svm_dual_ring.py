import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_LANDMARK_SHARDS = 4


def inputs():
    rng = np.random.default_rng(22)
    K = rng.normal(size=(16, 8)).astype(np.float32)
    alpha = rng.uniform(size=(8,)).astype(np.float32)
    return K, alpha


class DualCoordinateAscent:
    def __init__(self, C=1.0, axis="landmarks", shards=N_LANDMARK_SHARDS):
        self.C = C
        self.axis = axis
        self.perm = [(i, (i + 1) % shards) for i in range(shards)]

    def margins(self, K, alpha):
        block = jax.lax.all_gather(jnp.clip(alpha, 0.0, self.C), self.axis, tiled=True, to="reduced")
        acc = jnp.zeros((K.shape[0],), K.dtype)
        for _ in range(len(self.perm)):
            block = jax.lax.ppermute(block, self.axis, self.perm)
            acc = acc + K @ block[: K.shape[1]]
        return jax.lax.psum(acc, self.axis)


def main(K, alpha):
    mesh = jax.make_mesh((2, 4), ("samples", "landmarks"))
    K = jax.device_put(K, NamedSharding(mesh, P("samples", "landmarks")))
    alpha = jax.device_put(alpha, NamedSharding(mesh, P("landmarks")))
    solver = DualCoordinateAscent(C=0.5)
    f = jax.shard_map(solver.margins, mesh=mesh, in_specs=(P("samples", "landmarks"), P("landmarks")),
                      out_specs=P("samples"))
    return f(K, alpha)


if __name__ == "__main__":
    main(*inputs())
