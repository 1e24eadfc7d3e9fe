"""checkpointing/norm_params_export.py in an imagined maxtext-lite fork: export norm and MLP params.

Every parameter is placed by its logical names; the exporter regathers each to a host layout with
`top_level_all_gather`: the leading dimension keeps its shard when the host layout says so, and
every other axis the parameter was split over goes into `reduced=` (with `multi_dim=True` when more
than one dimension is gathered).
"""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


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


PARAMS = {
    "pre_norm/scale": (("embed",), (16,)),
    "mlp/wi": (("embed", "mlp"), (16, 32)),
    "mlp/wo": (("mlp", "embed"), (32, 16)),
}
HOST_LOGICAL = {
    "pre_norm/scale": (None,),
    "mlp/wi": ("embed", None),
    "mlp/wo": (None, None),
}


def host_target(name, rules):
    logical, _ = PARAMS[name]
    host = HOST_LOGICAL[name]
    kept = set(logical_axis_names(tuple(h for h in host if h), rules))
    gathered = set(logical_axis_names(logical, rules)) - kept
    multi = sum(1 for n, h in zip(logical, host) if h is None and _rule(n, rules) is not None) > 1
    return logical_to_mesh_axes(host, rules), gathered, multi


def export_all(params, rules):
    out = {}
    for name, value in params.items():
        spec, gathered, multi = host_target(name, rules)
        out[name] = top_level_all_gather(value, P(*spec, reduced=gathered), multi_dim=multi)
    return out


def inputs():
    return (["run_name=norm_export"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    rng = np.random.default_rng(94)
    params = {name: with_logical_constraint(rng.standard_normal(shape).astype(np.float32), logical, mesh, rules)
              for name, (logical, shape) in PARAMS.items()}
    with jax.set_mesh(mesh):
        exported = export_all(params, rules)
    for name, value in sorted(exported.items()):
        print(name, value.shape, value.sharding.spec)


if __name__ == "__main__":
    main(*inputs())
