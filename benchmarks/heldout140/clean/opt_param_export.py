"""checkpointing/param_export.py in an imagined maxtext-lite fork: export updated params to the host.

The SGD step is jitted with `out_shardings` built from each parameter's logical names; the
exporter regathers every parameter with `top_level_all_gather`, keeping the leading dimension's
shard (the checkpoint writer shards files by it) and listing the rest in `reduced=`.
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
    "mlp/wi": (("embed", "mlp"), (16, 32)),
    "mlp/wo": (("mlp", "embed"), (32, 16)),
}
CKPT_LOGICAL = {
    "mlp/wi": ("embed", None),
    "mlp/wo": ("mlp", None),
}


def make_step(config, mesh):
    rules = config.logical_axis_rules
    shardings = {k: NamedSharding(mesh, logical_to_mesh_axes(names, rules)) for k, (names, _) in PARAMS.items()}

    @jax.jit
    def sgd(params, grads):
        new = {k: params[k] - config.learning_rate * grads[k] for k in params}
        return {k: jax.reshard(v, shardings[k].spec) for k, v in new.items()}

    return sgd


def ckpt_spec(name, rules):
    keep = logical_to_mesh_axes(CKPT_LOGICAL[name], rules)
    gathered = set(logical_axis_names(PARAMS[name][0], rules)) - set(logical_axis_names(CKPT_LOGICAL[name], rules))
    return P(*keep, reduced=gathered)


def inputs():
    return (["run_name=export", "learning_rate=0.1"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    rng = np.random.default_rng(1)
    params, grads = {}, {}
    for name, (logical, shape) in PARAMS.items():
        params[name] = with_logical_constraint(rng.standard_normal(shape).astype(np.float32), logical, mesh, rules)
        grads[name] = with_logical_constraint(rng.standard_normal(shape).astype(np.float32), logical, mesh, rules)
    step = make_step(config, mesh)
    with jax.set_mesh(mesh):
        params = step(params, grads)
        exported = {}
        for name in sorted(params):
            exported[name] = top_level_all_gather(params[name], ckpt_spec(name, rules))
    for name, value in exported.items():
        print(name, value.shape, value.sharding.spec)


if __name__ == "__main__":
    main(*inputs())
