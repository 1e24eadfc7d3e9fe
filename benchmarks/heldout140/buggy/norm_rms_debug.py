"""layers/rmsnorm_tp.py in an imagined maxtext-lite fork: RMSNorm on a tensor-split hidden dimension.

With `activation_embed` mapped to the tensor axis the mean square is summed over that axis. The
debug hook keeps the per-token RMS of every embed shard, gathered over the embed axis.
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


TP_ARGS = ["rule.activation_embed=tensor", "rule.norm=tensor"]


def rms_norm(x, scale, embed_axes, emb_dim, eps=1e-6):
    ms = jax.lax.psum(jnp.sum(x * x, axis=-1, keepdims=True), embed_axes) / emb_dim
    rms = jnp.sqrt(ms + eps)
    return x / rms * scale, rms[..., 0]


class RMSNormWithDebug:
    def __init__(self, config, mesh):
        self.config = config
        self.mesh = mesh
        rules = config.logical_axis_rules
        self.embed_axes = logical_axis_names(("activation_embed",), rules)
        self.x_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_embed"), rules)
        self.s_spec = logical_to_mesh_axes(("norm",), rules)
        self.rms_spec = logical_to_mesh_axes(("activation_batch", None), rules)

    def body(self, x, scale):
        y, rms = rms_norm(x, scale, self.embed_axes, self.config.emb_dim)
        shards = jax.lax.all_gather(rms, self.embed_axes, axis=1, tiled=True, to="reduced")
        return y, shards

    def __call__(self, x, scale):
        return jax.shard_map(self.body, mesh=self.mesh, in_specs=(self.x_spec, self.s_spec),
                             out_specs=(self.x_spec, P(*self.rms_spec, reduced=set(self.embed_axes))))(x, scale)


def inputs():
    return (TP_ARGS + ["run_name=rms_debug"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    rng = np.random.default_rng(70)
    x = rng.standard_normal((config.global_batch_size, config.max_target_length, config.emb_dim)).astype(np.float32)
    scale = np.ones((config.emb_dim,), np.float32)
    x = with_logical_constraint(x, ("activation_batch", "activation_length", "activation_embed"), mesh, rules)
    scale = with_logical_constraint(scale, ("norm",), mesh, rules)
    with jax.set_mesh(mesh):
        y, shards = RMSNormWithDebug(config, mesh)(x, scale)
    print("normed", y.shape, "rms shards", shards.shape)


if __name__ == "__main__":
    main(*inputs())
