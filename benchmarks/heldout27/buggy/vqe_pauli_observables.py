"""Hamiltonian expectation: Pauli-Z terms registered as observables and pooled per ansatz batch."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

OBSERVABLES = {}
AXES = {"batch": "batch", "amp": "amp"}


def observable(name):
    def register(fn):
        OBSERVABLES[name] = fn
        return fn
    return register


@observable("Z0")
def z0(probs, signs):
    return probs * signs


@observable("pooled")
def pooled(values, signs):
    per_batch = jax.lax.all_gather(values, AXES["amp"], axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(per_batch, (AXES["batch"], AXES["amp"]), axis=0, tiled=True, to="reduced")


def expectation(probs, signs, terms=("Z0", "pooled")):
    values = probs
    for name in terms:
        values = OBSERVABLES[name](values, signs)
    return values


def inputs():
    rng = np.random.default_rng(51)
    p = rng.uniform(size=(4, 64)).astype(np.float32)
    p /= p.sum(axis=1, keepdims=True)
    signs = np.where(np.arange(64) % 2 == 0, 1.0, -1.0).astype(np.float32)
    return p, np.broadcast_to(signs, (4, 64)).copy()


def main(probs, signs):
    mesh = jax.make_mesh((2, 4), (AXES["batch"], AXES["amp"]))
    spec = P(AXES["batch"], AXES["amp"])
    probs = jax.device_put(probs, NamedSharding(mesh, spec))
    signs = jax.device_put(signs, NamedSharding(mesh, spec))
    fn = jax.shard_map(expectation, mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(None, None, reduced={AXES["batch"], AXES["amp"]}))
    return fn(probs, signs)


if __name__ == "__main__":
    print(main(*inputs()))
