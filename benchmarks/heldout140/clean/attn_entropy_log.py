"""layers/attention_stats.py in an imagined maxtext-lite fork: per-head attention entropy logging.

The attention core runs under shard_map with heads split by the `activation_heads` rule; the
entropy of each head is averaged over the global batch and gathered for the metrics writer.
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
    "stats_logical_axis": "activation_heads",
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


def dot_product_attention(q, k, v, head_dim):
    logits = jnp.einsum("blhd,bmhd->bhlm", q, k) / np.sqrt(head_dim)
    length = q.shape[1]
    causal = jnp.tril(jnp.ones((length, length), dtype=bool))
    logits = jnp.where(causal[None, None], logits, -1e9)
    probs = jax.nn.softmax(logits, axis=-1)
    return jnp.einsum("bhlm,bmhd->blhd", probs, v), probs


class AttentionWithStats:
    def __init__(self, config, mesh):
        self.config = config
        self.mesh = mesh
        rules = config.logical_axis_rules
        self.qkv_spec = logical_to_mesh_axes(
            ("activation_batch", "activation_length", "activation_heads", None), rules)
        self.batch_axes = logical_axis_names(("activation_batch",), rules)
        self.stats_axes = logical_axis_names((config.stats_logical_axis,), rules)
        self.stats_spec = P(None, reduced=set(self.stats_axes))

    def _body(self, q, k, v):
        out, probs = dot_product_attention(q, k, v, self.config.head_dim)
        ent = -jnp.sum(probs * jnp.log(probs + 1e-9), axis=-1)
        per_head = jnp.sum(ent, axis=(0, 2))
        per_head = jax.lax.psum(per_head, self.batch_axes)
        per_head = per_head / (self.config.global_batch_size * self.config.max_target_length)
        logged = jax.lax.all_gather(per_head, self.stats_axes, axis=0, tiled=True, to="reduced")
        return out, logged

    def __call__(self, q, k, v):
        fn = jax.shard_map(
            self._body, mesh=self.mesh,
            in_specs=(self.qkv_spec, self.qkv_spec, self.qkv_spec),
            out_specs=(self.qkv_spec, self.stats_spec))
        return fn(q, k, v)


def inputs():
    argv = ["run_name=attn_stats", "per_device_batch_size=1"]
    return (argv,)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    shape = (config.global_batch_size, config.max_target_length, config.num_heads, config.head_dim)
    keys = jax.random.split(jax.random.PRNGKey(0), 3)
    names = ("activation_batch", "activation_length", "activation_heads", None)
    q, k, v = (with_logical_constraint(jax.random.normal(kk, shape), names, mesh, rules) for kk in keys)
    layer = AttentionWithStats(config, mesh)
    with jax.set_mesh(mesh):
        out, entropy = layer(q, k, v)
    print("attention out", out.shape, "entropy per head", entropy.shape)
    print(np.asarray(jnp.sum(out)))


if __name__ == "__main__":
    main(*inputs())
