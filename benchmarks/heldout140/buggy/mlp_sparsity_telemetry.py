"""layers/mlp_sparsity.py in an imagined maxtext-lite fork: MLP with activation-sparsity telemetry.

The hidden units are split by the `activation_mlp` rule. For the telemetry dashboard we count, for
every hidden unit, how often it fires over the global batch and gather the counts per unit.
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


STATS_LOGICAL = ("activation_batch", "activation_mlp")


def relu_mlp(x, wi, wo):
    h = jax.nn.relu(jnp.einsum("bld,dm->blm", x, wi))
    return h, jnp.einsum("blm,md->bld", h, wo)


class SparsityTelemetry:
    def __init__(self, config):
        rules = config.logical_axis_rules
        self.count_axes = logical_axis_names(STATS_LOGICAL, rules)
        self.unit_axes = logical_axis_names(("activation_mlp",), rules)
        self.tokens = config.global_batch_size * config.max_target_length

    def per_unit(self, h):
        fired = jnp.sum((h > 0).astype(jnp.float32), axis=(0, 1))
        fired = jax.lax.psum(fired, self.count_axes)
        return jax.lax.all_gather(fired / self.tokens, self.unit_axes, axis=0, tiled=True, to="reduced")


def make_mlp(config, mesh):
    rules = config.logical_axis_rules
    x_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_embed"), rules)
    wi_spec = logical_to_mesh_axes((None, "mlp"), rules)
    wo_spec = logical_to_mesh_axes(("mlp", None), rules)
    mlp_axes = logical_axis_names(("activation_mlp",), rules)
    telemetry = SparsityTelemetry(config)

    def body(x, wi, wo):
        h, y = relu_mlp(x, wi, wo)
        y = jax.lax.psum(y, mlp_axes)
        return y, telemetry.per_unit(h)

    return jax.shard_map(body, mesh=mesh, in_specs=(x_spec, wi_spec, wo_spec),
                         out_specs=(x_spec, P(None, reduced=set(telemetry.unit_axes))))


def inputs():
    return (["run_name=mlp_sparsity", "mlp_dim=64"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    rng = np.random.default_rng(2)
    x = rng.standard_normal((config.global_batch_size, config.max_target_length, config.emb_dim)).astype(np.float32)
    wi = (rng.standard_normal((config.emb_dim, config.mlp_dim)) * 0.2).astype(np.float32)
    wo = (rng.standard_normal((config.mlp_dim, config.emb_dim)) * 0.2).astype(np.float32)
    x = with_logical_constraint(x, ("activation_batch", "activation_length", "activation_embed"), mesh, rules)
    wi = with_logical_constraint(wi, (None, "mlp"), mesh, rules)
    wo = with_logical_constraint(wo, ("mlp", None), mesh, rules)
    with jax.set_mesh(mesh):
        y, fired = make_mlp(config, mesh)(x, wi, wo)
    print("y", y.shape, "fired", fired.shape)


if __name__ == "__main__":
    main(*inputs())
