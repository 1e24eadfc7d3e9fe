"""Ring attention: K blocks passed around the ring, then the last block gathered reduced over (data, seq)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA, SEQ = "data", "seq"


def inputs():
    rng = np.random.default_rng(104)
    return rng.normal(size=(32, 8)).astype(np.float32), rng.normal(size=(32, 8)).astype(np.float32)


def main(q, k):
    mesh = jax.make_mesh((2, 4), (DATA, SEQ))
    spec = P((DATA, SEQ), None)
    q, k = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (q, k))

    def attend(q, k):
        n = jax.lax.axis_size(SEQ)
        perm = [(i, (i + 1) % n) for i in range(n)]
        acc = jnp.zeros((q.shape[0], q.shape[0]))
        for _ in range(n):
            acc = acc + q @ k.T
            k = jax.lax.ppermute(k, SEQ, perm)
        cache = jax.lax.all_gather(k, (DATA, SEQ), tiled=True, to="reduced")
        return acc, cache

    return jax.shard_map(attend, mesh=mesh, in_specs=(spec, spec),
                         out_specs=(spec, P(None, None, reduced={DATA, SEQ})))(q, k)


if __name__ == "__main__":
    print(main(*inputs()))
