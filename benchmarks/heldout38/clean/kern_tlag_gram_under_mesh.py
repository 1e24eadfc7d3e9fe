import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

GRAM_LAYOUT = P("samples", "landmarks")
HOST_LAYOUT = P(None, "landmarks", reduced={"samples"})


def inputs():
    rng = np.random.default_rng(23)
    X = rng.normal(size=(16, 4)).astype(np.float32)
    Z = rng.normal(size=(8, 4)).astype(np.float32)
    return X, Z


def linear_gram(X, Z):
    return X @ Z.T


def gather_gram(gram):
    return top_level_all_gather(gram, HOST_LAYOUT)


def main(X, Z):
    mesh = jax.make_mesh((2, 4), ("samples", "landmarks"))
    gram_fn = jax.jit(linear_gram, out_shardings=NamedSharding(mesh, GRAM_LAYOUT))
    gram = gram_fn(X, Z)
    with jax.set_mesh(mesh):
        return gather_gram(gram)


if __name__ == "__main__":
    main(*inputs())
