"""Collapsed Gibbs LDA: the global topic-word counts, then the top word count of every topic."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_sampler(docs_axis):
    def count_topic_words(z_onehot, w_onehot):
        local = jnp.einsum("dnk,dnv->kv", z_onehot, w_onehot)

        def merge(counts):
            total = jax.lax.psum(counts, docs_axis)
            return jax.lax.all_gather(total, docs_axis, axis=0, tiled=True, to="reduced")

        return merge(local)

    def sample_step(z_onehot, w_onehot):
        n_kw = count_topic_words(z_onehot, w_onehot)
        return jnp.max(n_kw, axis=1)

    return sample_step


def inputs():
    rng = np.random.default_rng(59)
    z = np.eye(4, dtype=np.float32)[rng.integers(0, 4, (16, 6))]
    w = np.eye(10, dtype=np.float32)[rng.integers(0, 10, (16, 6))]
    return z, w


def main(z, w):
    mesh = jax.make_mesh((8,), ("docs",))
    spec = P("docs", None, None)
    z = jax.device_put(z, NamedSharding(mesh, spec))
    w = jax.device_put(w, NamedSharding(mesh, spec))
    fn = jax.shard_map(make_sampler("docs"), mesh=mesh, in_specs=(spec, spec),
                       out_specs=P())
    return fn(z, w)


if __name__ == "__main__":
    print(main(*inputs()))
