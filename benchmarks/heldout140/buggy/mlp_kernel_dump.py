"""layers/mlp_fsdp.py in an imagined maxtext-lite fork: FSDP MLP that can dump its kernel.

`wi` is stored split over (`embed`, `mlp`) = (fsdp, tensor). The forward gathers the fsdp shards
to a reduced kernel; with `dump_kernels=true` the full kernel is also collected for the checker.
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


WI_LOGICAL = ("embed", "mlp")


def gather_fsdp(w, rules):
    return jax.lax.all_gather(w, logical_axis_names(("embed",), rules), axis=0, tiled=True, to="reduced")


def gather_all(w, logical, rules):
    axes = logical_axis_names(logical, rules)
    return jax.lax.all_gather(w, axes, axis=0, tiled=True, to="reduced")


def build_forward(config, mesh):
    rules = config.logical_axis_rules
    x_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_embed"), rules)
    h_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_mlp"), rules)
    wi_spec = logical_to_mesh_axes(WI_LOGICAL, rules)
    dump_axes = logical_axis_names(WI_LOGICAL, rules)

    def body(x, wi):
        wi_full = gather_fsdp(wi, rules)
        h = jax.nn.gelu(jnp.einsum("bld,dm->blm", x, wi_full))
        if config.dump_kernels:
            return h, gather_all(wi_full, WI_LOGICAL, rules)
        return h, wi_full

    out_w = P(None, None, reduced=set(dump_axes)) if config.dump_kernels else P(None, "tensor", reduced={"fsdp"})
    return jax.shard_map(body, mesh=mesh, in_specs=(x_spec, wi_spec), out_specs=(h_spec, out_w))


def inputs():
    return (["run_name=mlp_dump", "rule.activation_batch=data", "dump_kernels=true"],)


def main(argv):
    _BASE_CONFIG.setdefault("dump_kernels", False)
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    key = jax.random.PRNGKey(9)
    kx, kw = jax.random.split(key)
    x = jax.random.normal(kx, (config.global_batch_size, config.max_target_length, config.emb_dim))
    wi = jax.random.normal(kw, (config.emb_dim, config.mlp_dim)) / np.sqrt(config.emb_dim)
    x = with_logical_constraint(x, ("activation_batch", "activation_length", "activation_embed"), mesh, rules)
    wi = with_logical_constraint(wi, WI_LOGICAL, mesh, rules)
    with jax.set_mesh(mesh):
        h, kernel = build_forward(config, mesh)(x, wi)
    print("hidden", h.shape, "kernel", kernel.shape)


if __name__ == "__main__":
    main(*inputs())
