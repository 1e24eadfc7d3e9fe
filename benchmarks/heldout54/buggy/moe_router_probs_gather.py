# MoE notebook: plotting the full router probability matrix (tokens x experts).
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "expert"))
gather_plan = [("expert", 1), (("data", "expert"), 0)]


def router_probs(tokens, w):
    return jax.nn.softmax(tokens @ w, axis=-1)


def gather_for_plot(probs):
    out = probs
    for axes, dim in gather_plan:
        out = jax.lax.all_gather(out, axes, axis=dim, to="reduced", tiled=True)
    return out


def inputs():
    rng = np.random.default_rng(1)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32)


def main(tokens, w):
    tokens = jax.device_put(tokens, NamedSharding(mesh, P("data", None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "expert")))
    f = jax.shard_map(lambda t, w: gather_for_plot(router_probs(t, w)), mesh=mesh,
                      in_specs=(P("data", None), P(None, "expert")),
                      out_specs=P(None, None, reduced={"data", "expert"}))
    return f(tokens, w)


if __name__ == "__main__":
    main(*inputs())
