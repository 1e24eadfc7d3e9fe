"""layers/attention_fsdp.py in an imagined maxtext-lite fork: FSDP attention with a weight-norm probe.

The output projection is stored sharded over `embed` (fsdp) and gathered inside the layer; the
training loop logs the global norm of the projection weights next to the activations.
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


def gather_weight(w, logical_names, rules):
    axes = logical_axis_names(logical_names, rules)
    dim = [i for i, n in enumerate(logical_names) if _rule(n, rules)][0]
    return jax.lax.all_gather(w, axes, axis=dim, tiled=True, to="reduced")


class FsdpAttentionOut:
    W_NAMES = ("heads", "embed")

    def __init__(self, config, mesh):
        self.config = config
        self.mesh = mesh
        self.rules = config.logical_axis_rules
        self.x_names = ("activation_batch", "activation_length", "activation_heads")
        self.fsdp_names = ("embed",)

    def probe_norm(self, w):
        sq = jnp.sum(w * w)
        return jax.lax.psum(sq, logical_axis_names(self.fsdp_names, self.rules))

    def body(self, attn, wo):
        wo_full = gather_weight(wo, (None, "embed"), self.rules)
        y = jnp.einsum("blh,he->ble", attn, wo_full)
        y = jax.lax.psum(y, logical_axis_names(("activation_heads",), self.rules))
        norm_sq = self.probe_norm(wo)
        return y, norm_sq[None]

    def apply(self, attn, wo):
        x_spec = logical_to_mesh_axes(self.x_names, self.rules)
        w_spec = logical_to_mesh_axes(self.W_NAMES, self.rules)
        y_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_embed"), self.rules)
        fn = jax.shard_map(self.body, mesh=self.mesh, in_specs=(x_spec, w_spec),
                           out_specs=(y_spec, P("tensor")))
        return fn(attn, wo)


def inputs():
    return (["run_name=fsdp_attn", "rule.activation_batch=data", "per_device_batch_size=2"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    layer = FsdpAttentionOut(config, mesh)
    rng = np.random.default_rng(7)
    attn = rng.standard_normal((config.global_batch_size, config.max_target_length, config.num_kv)).astype(np.float32)
    wo = (rng.standard_normal((config.num_kv, config.emb_dim)) / np.sqrt(config.num_kv)).astype(np.float32)
    attn = with_logical_constraint(attn, layer.x_names, mesh, rules)
    wo = with_logical_constraint(wo, layer.W_NAMES, mesh, rules)
    with jax.set_mesh(mesh):
        y, norm_sq = layer.apply(attn, wo)
    print("y", y.shape, "||wo||^2", float(jnp.sum(norm_sq)))


if __name__ == "__main__":
    main(*inputs())
