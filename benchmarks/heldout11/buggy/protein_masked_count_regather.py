"""ESM-like protein language model: masked-residue loss normalised by the global mask count."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MASK_TOKEN = 32


def count_masked(tokens):
    return jax.lax.psum(jnp.sum(tokens == MASK_TOKEN).astype(jnp.float32), ("seq", "residue"))


def mlm_normaliser(tokens):
    n_masked = count_masked(tokens)
    denom = jax.lax.all_gather(n_masked[None], "residue", tiled=True, to="reduced")
    return denom


def inputs():
    r = np.random.RandomState(0)
    t = r.randint(0, 33, size=(8, 64)).astype(np.int32)
    return (t,)


def main(tokens):
    mesh = jax.make_mesh((2, 4), ("seq", "residue"))
    tokens = jax.device_put(tokens, NamedSharding(mesh, P("seq", "residue")))
    return jax.shard_map(mlm_normaliser, mesh=mesh, in_specs=P("seq", "residue"),
                         out_specs=P(None, reduced={"residue"}))(tokens)


if __name__ == "__main__":
    print(main(*inputs()))
