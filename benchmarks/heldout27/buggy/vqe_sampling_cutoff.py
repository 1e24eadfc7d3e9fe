"""Shot sampling: amplitudes below a probability cutoff are dropped before sampling bitstrings."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CUTOFF = 1e-3


def sampler(amp_axis):
    def probabilities(re, im):
        return re * re + im * im

    def sample(re, im, key):
        probs = jax.lax.all_gather(probabilities(re, im), amp_axis, axis=1, tiled=True, to="reduced")
        kept = jnp.where(probs > CUTOFF, probs, 0.0)
        logits = jnp.log(kept / jnp.sum(kept, axis=1, keepdims=True) + 1e-12)
        return jax.random.categorical(key, logits, axis=1)

    return sample


def inputs():
    rng = np.random.default_rng(55)
    psi = rng.normal(size=(4, 64)) + 1j * rng.normal(size=(4, 64))
    psi /= np.linalg.norm(psi, axis=1, keepdims=True)
    return psi.real.astype(np.float32), psi.imag.astype(np.float32)


def main(re, im):
    mesh = jax.make_mesh((2, 4), ("batch", "amp"))
    re = jax.device_put(re, NamedSharding(mesh, P("batch", "amp")))
    im = jax.device_put(im, NamedSharding(mesh, P("batch", "amp")))
    key = jax.random.key(0)
    fn = jax.shard_map(sampler("amp"), mesh=mesh, in_specs=(P("batch", "amp"), P("batch", "amp"), P()),
                       out_specs=P("batch"))
    return fn(re, im, key)


if __name__ == "__main__":
    print(main(*inputs()))
