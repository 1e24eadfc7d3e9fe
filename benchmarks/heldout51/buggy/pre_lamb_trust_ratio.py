"""LAMB layer-wise trust ratios for an FSDP x tensor-parallel model, with a metrics helper."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _sharded_norm(x, axis_name):
    return jnp.sqrt(jax.lax.psum(jnp.sum(x * x), axis_name))


def trust_ratio(param, update, *, axis_name="tensor"):
    p_norm = _sharded_norm(param, axis_name)
    u_norm = _sharded_norm(update, axis_name)
    return jnp.where((p_norm > 0) & (u_norm > 0), p_norm / u_norm, 1.0)


def publish_ratios(ratios, *, axis_name="tensor"):
    return {name: jax.lax.all_gather(r[None], axis_name, tiled=True, to="reduced")
            for name, r in ratios.items()}


def inputs():
    rng = np.random.default_rng(10)
    params = {"attn": rng.normal(size=(8, 16)).astype(np.float32),
              "mlp": rng.normal(size=(8, 16)).astype(np.float32)}
    updates = jax.tree.map(lambda p: np.asarray(p) * 0.01, params)
    return params, updates


def main(params, updates):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tensor"))
    spec = P("fsdp", "tensor")
    put = lambda t: jax.tree.map(lambda x: jax.device_put(x, NamedSharding(mesh, spec)), t)
    params, updates = put(params), put(updates)
    ratio_fn = functools.partial(trust_ratio, axis_name="tensor")

    def body(p, u):
        ratios = jax.tree.map(ratio_fn, p, u)
        scaled = jax.tree.map(lambda x, r: x * r, u, ratios)
        return scaled, publish_ratios(ratios)

    specs = {"attn": spec, "mlp": spec}
    ratio_specs = {"attn": P("fsdp", reduced={"tensor"}), "mlp": P("fsdp", reduced={"tensor"})}
    return jax.shard_map(body, mesh=mesh, in_specs=(specs, specs),
                         out_specs=(specs, ratio_specs))(params, updates)


if __name__ == "__main__":
    main(*inputs())
