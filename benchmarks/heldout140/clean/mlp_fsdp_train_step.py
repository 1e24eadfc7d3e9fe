"""train/fsdp_mlp_step.py in an imagined maxtext-lite fork: FSDP + tensor-parallel MLP forward.

Both kernels are stored split over (`embed`, `mlp`) / (`mlp`, `embed`); the forward gathers the fsdp
shards into reduced kernels (the backward then reduce-scatters), contracts over the mlp shard and
sums over the tensor axis. The batch is split over `data` only in this config.
"""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


# ----------------------------------------------------------------------------
# pyconfig_lite: copied from configs/pyconfig_lite.py (keep in sync by hand)
# ----------------------------------------------------------------------------
_BASE_CONFIG = {
    "run_name": "lite",
    "per_device_batch_size": 1,
    "max_target_length": 8,
    "emb_dim": 16,
    "mlp_dim": 32,
    "num_heads": 4,
    "head_dim": 4,
    "vocab_size": 32,
    "num_decoder_layers": 2,
    "learning_rate": 1e-2,
    "dtype": "float32",
    "mesh_axes": ["data", "fsdp", "tensor"],
    "ici_parallelism": [2, 2, 2],
    "logical_axis_rules": (
        ("activation_batch", ("data", "fsdp")),
        ("activation_length", None),
        ("activation_embed", None),
        ("activation_heads", "tensor"),
        ("activation_mlp", "tensor"),
        ("activation_vocab", "tensor"),
        ("embed", "fsdp"),
        ("heads", "tensor"),
        ("mlp", "tensor"),
        ("vocab", "tensor"),
        ("norm", None),
    ),
}


def _coerce(old, text):
    if isinstance(old, bool):
        return text.lower() in ("1", "true", "yes")
    if isinstance(old, int):
        return int(text)
    if isinstance(old, float):
        return float(text)
    if isinstance(old, list):
        return [_coerce(old[0], t) if old else t for t in text.split(",")]
    if text in ("None", "none", ""):
        return None
    if "," in text:
        return tuple(t for t in text.split(",") if t)
    return text


class HyperParameters:
    """Base dict + `key=value` overrides; `rule.<logical>=<axis>` rewrites one logical rule."""

    def __init__(self, argv=()):
        raw = dict(_BASE_CONFIG)
        rules = dict(raw["logical_axis_rules"])
        for item in argv:
            key, _, val = item.partition("=")
            if key.startswith("rule."):
                rules[key[len("rule."):]] = _coerce(None, val)
            else:
                raw[key] = _coerce(raw.get(key), val)
        raw["logical_axis_rules"] = tuple(rules.items())
        raw["num_devices"] = int(np.prod(raw["ici_parallelism"]))
        raw["global_batch_size"] = raw["per_device_batch_size"] * raw["num_devices"]
        raw["num_kv"] = raw["num_heads"] * raw["head_dim"]
        self.__dict__.update(raw)

    def get_keys(self):
        return dict(self.__dict__)


def create_device_mesh(config):
    return jax.make_mesh(tuple(config.ici_parallelism), tuple(config.mesh_axes))


def _rule(name, rules):
    for logical, physical in rules:
        if logical == name:
            return physical
    return None


def logical_to_mesh_axes(logical_names, rules):
    """('activation_batch', 'activation_embed') -> P(('data', 'fsdp'), None)."""
    return P(*(None if n is None else _rule(n, rules) for n in logical_names))


def logical_axis_names(logical_names, rules):
    """Flat tuple of the mesh axes the logical names map to (for collectives)."""
    out = []
    for n in logical_names:
        phys = _rule(n, rules)
        if phys is None:
            continue
        out.extend(phys if isinstance(phys, tuple) else (phys,))
    return tuple(dict.fromkeys(out))


def with_logical_constraint(x, logical_names, mesh, rules):
    spec = logical_to_mesh_axes(logical_names, rules)
    return jax.device_put(x, NamedSharding(mesh, spec))
# ----------------------------------------------------------------------------


DP_ARGS = ["rule.activation_batch=data", "per_device_batch_size=2"]


def fsdp_gather(w, axis, rules):
    return jax.lax.all_gather(w, logical_axis_names(("embed",), rules), axis=axis, tiled=True, to="reduced")


def make_forward(config, mesh):
    rules = config.logical_axis_rules
    x_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_embed"), rules)
    wi_spec = logical_to_mesh_axes(("embed", "mlp"), rules)
    wo_spec = logical_to_mesh_axes(("mlp", "embed"), rules)
    mlp_axes = logical_axis_names(("activation_mlp",), rules)
    batch_axes = logical_axis_names(("activation_batch",), rules)

    def body(x, wi, wo):
        wi_full = fsdp_gather(wi, 0, rules)
        wo_full = fsdp_gather(wo, 1, rules)
        h = jax.nn.gelu(jnp.einsum("bld,dm->blm", x, wi_full))
        y = jax.lax.psum(jnp.einsum("blm,md->bld", h, wo_full), mlp_axes)
        loss = jax.lax.pmean(jnp.mean(jnp.square(x + y)), batch_axes)
        return x + y, loss

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(x_spec, wi_spec, wo_spec), out_specs=(x_spec, P())))


def inputs():
    return (DP_ARGS + ["run_name=fsdp_step"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    rng = np.random.default_rng(90)
    x = rng.standard_normal((config.global_batch_size, config.max_target_length, config.emb_dim)).astype(np.float32)
    wi = (rng.standard_normal((config.emb_dim, config.mlp_dim)) * 0.1).astype(np.float32)
    wo = (rng.standard_normal((config.mlp_dim, config.emb_dim)) * 0.1).astype(np.float32)
    x = with_logical_constraint(x, ("activation_batch", "activation_length", "activation_embed"), mesh, rules)
    wi = with_logical_constraint(wi, ("embed", "mlp"), mesh, rules)
    wo = with_logical_constraint(wo, ("mlp", "embed"), mesh, rules)
    forward = make_forward(config, mesh)
    with jax.set_mesh(mesh):
        for layer in range(config.num_decoder_layers):
            x, loss = forward(x, wi, wo)
            print("layer", layer, "loss", float(loss))


if __name__ == "__main__":
    main(*inputs())
