"""MinHash signatures by a registry of hash families; signatures are published to every shard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

HASHERS = {}


def hasher(name):
    def deco(cls):
        HASHERS[name] = cls
        return cls
    return deco


@hasher("universal")
class UniversalHash:
    def __init__(self, doc_axis, perm_axis, prime=2147483647):
        self.doc_axis, self.perm_axis, self.prime = doc_axis, perm_axis, prime

    def signatures(self, shingles, a, b):
        h = (shingles[:, :, None] * a[None, None, :] + b[None, None, :]) % 65521
        return h.min(axis=1).astype(jnp.float32)

    def publish(self, shingles, a, b):
        sig = jax.lax.all_gather(self.signatures(shingles, a, b), self.perm_axis, axis=1,
                                 tiled=True, to="reduced")
        return jax.lax.all_gather(sig, (self.doc_axis, self.perm_axis), axis=0, tiled=True,
                                  to="reduced")


def inputs():
    rng = np.random.default_rng(151)
    return (rng.integers(0, 5000, (16, 12)).astype(np.int32),
            rng.integers(1, 997, (8,)).astype(np.int32),
            rng.integers(0, 997, (8,)).astype(np.int32))


def main(shingles, a, b):
    mesh = jax.make_mesh((2, 4), ("docs", "perms"))
    family = HASHERS["universal"]("docs", "perms")
    shingles = jax.device_put(shingles, NamedSharding(mesh, P("docs")))
    a = jax.device_put(a, NamedSharding(mesh, P("perms")))
    b = jax.device_put(b, NamedSharding(mesh, P("perms")))
    fn = jax.shard_map(family.publish, mesh=mesh, in_specs=(P("docs"), P("perms"), P("perms")),
                       out_specs=P(reduced={"docs", "perms"}))
    return fn(shingles, a, b)


if __name__ == "__main__":
    print(main(*inputs()))
