"""Speech recogniser front end: mel filterbank sharded over 'mel', log with a floor."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("utt", "mel"))
LOG_FLOOR = 1e-6


def mel_energies(power, fbank):
    return power @ fbank


def compose(*fns):
    return functools.reduce(lambda f, g: lambda x: g(f(x)), fns)


def features(power, fbank):
    energies = mel_energies(power, fbank)
    full = jax.lax.all_gather(energies, "mel", axis=-1, tiled=True, to="reduced")
    to_log = compose(jnp.abs, lambda e: jnp.maximum(e, LOG_FLOOR), jnp.log)
    return to_log(full)


def inputs():
    power = jnp.abs(jax.random.normal(jax.random.key(26), (4, 10, 16)))
    fbank = jnp.abs(jax.random.normal(jax.random.key(27), (16, 8)))
    return (jax.device_put(power, NamedSharding(mesh, P("utt"))),
            jax.device_put(fbank, NamedSharding(mesh, P(None, "mel"))))


def main(power, fbank):
    f = jax.shard_map(features, mesh=mesh, in_specs=(P("utt"), P(None, "mel")),
                      out_specs=P("utt", None, None, reduced={"mel"}))
    return f(power, fbank)
