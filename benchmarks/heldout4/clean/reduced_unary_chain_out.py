"""An FSDP layer exporting its gathered weight in a few derived forms: squared, tanh-squashed
and cast to bfloat16, each kept reduced and declared so in out_specs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def export(w):
    full = jax.lax.all_gather(w, "fsdp", axis=0, tiled=True, to="reduced")
    energy = full * full
    squashed = jnp.tanh(full + full)
    return energy, squashed.astype(jnp.bfloat16)


def inputs():
    return (np.arange(16 * 4, dtype=np.float32).reshape(16, 4) / 64.0,)


def main(w):
    mesh = jax.make_mesh((8,), ("fsdp",))
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp")))
    out = P(reduced={"fsdp"})
    f = jax.shard_map(export, mesh=mesh, in_specs=P("fsdp"), out_specs=(out, out))
    return f(w)


if __name__ == "__main__":
    print(main(*inputs()))
