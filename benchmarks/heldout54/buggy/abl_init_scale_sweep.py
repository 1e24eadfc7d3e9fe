# Quick ablation: does the init scale change the output variance of a wide layer? (notebook export)
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("i", "j"))
scales = {"lecun": 1.0, "he": 2.0, "small": 0.1}


def layer(x, w, scale):
    return x @ (w * np.sqrt(scale / w.shape[0]))


def out_variance(x, w, scale):
    y = layer(x, w, scale)
    v = jax.lax.psum(jnp.sum(y ** 2, axis=0), "i") / 16
    return jax.lax.all_gather(v, "i", to="reduced", tiled=True)


def inputs():
    rng = np.random.default_rng(0)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(x, w):
    x = jax.device_put(x, NamedSharding(mesh, P("i", None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "j")))
    results = {}
    for name, scale in scales.items():
        f = jax.shard_map(lambda x, w: out_variance(x, w, scale), mesh=mesh,
                          in_specs=(P("i", None), P(None, "j")), out_specs=P("j", reduced={"i"}))
        results[name] = f(x, w)
    return results


if __name__ == "__main__":
    main(*inputs())
