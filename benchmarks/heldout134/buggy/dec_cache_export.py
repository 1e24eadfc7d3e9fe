"""lingvo_lite/decoders/kv_cache_handoff.py

Prefill/decode disaggregation: the prefill job builds the KV cache ([batch, time, heads, dim],
batch over 'data', heads over 'mdl') and hands it to the decode job, which wants the batch
gathered and the heads still split. The handoff spec is built from the decode server's cache
mapping.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

# ---------------------------------------------------------------------------------------------
# pax_lite: the few pieces of praxis/paxml this code base leans on (base_layer, pax_fiddle,
# experiment_registry), kept here so the layer file runs without the full stack.
# ---------------------------------------------------------------------------------------------
class Config:
  """A template: the layer class and its hyper-parameters; instantiated later."""

  def __init__(self, cls, **fields):
    object.__setattr__(self, 'cls', cls)
    object.__setattr__(self, 'fields', dict(fields))

  def __getattr__(self, name):
    fields = self.__dict__['fields']
    if name in fields:
      return fields[name]
    raise AttributeError(f'{self.cls.__name__} template has no field {name!r}')

  def __setattr__(self, name, value):
    self.fields[name] = value

  def clone(self, **overrides):
    fields = {k: v.clone() if isinstance(v, Config) else v for k, v in self.fields.items()}
    fields.update(overrides)
    return Config(self.cls, **fields)


def instantiate(cfg, **extra):
  if not isinstance(cfg, Config):
    return cfg
  fields = dict(cfg.fields)
  fields.update(extra)
  return cfg.cls(**fields)


class BaseLayer:
  """Hyper-parameters come from HPARAMS of every class in the MRO; children from templates."""
  HPARAMS = dict(name=None, mesh_axis_names=None, weight_split_dims_mapping=None,
                 activation_split_dims_mapping=None)

  def __init__(self, **fields):
    hparams = {}
    for klass in reversed(type(self).__mro__):
      hparams.update(getattr(klass, 'HPARAMS', {}))
    unknown = set(fields) - set(hparams)
    if unknown:
      raise TypeError(f'{type(self).__name__}: unknown hparams {sorted(unknown)}')
    hparams.update(fields)
    for key, value in hparams.items():
      setattr(self, key, value)
    self.children = {}
    self.setup()

  def setup(self):
    pass

  def create_child(self, name, cfg):
    extra = {'name': name}
    if cfg.fields.get('mesh_axis_names') is None:
      extra['mesh_axis_names'] = self.mesh_axis_names
    child = instantiate(cfg, **extra)
    self.children[name] = child
    setattr(self, name, child)
    return child

  def fprop(self, *args, **kwargs):
    raise NotImplementedError(type(self).__name__)

  def __call__(self, *args, **kwargs):
    return self.fprop(*args, **kwargs)


class SplitDims:
  """Nested sharding hparams: weight_split_dims_mapping.wi = (None, 'mdl')."""

  def __init__(self, **mappings):
    self.__dict__.update(mappings)


def split_spec(mapping):
  """('replica', 'mdl') -> P('replica', 'mdl'); None -> fully replicated."""
  return P() if mapping is None else P(*mapping)


class _ExperimentRegistry:

  def __init__(self):
    self._experiments = {}

  def register(self, cls=None, *, name=None):
    def wrap(klass):
      self._experiments[name or klass.__name__] = klass
      return klass
    return wrap if cls is None else wrap(cls)

  def get(self, name):
    return self._experiments[name]


experiment_registry = _ExperimentRegistry()


class BaseExperiment:
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('replica',)

  @property
  def ici_mesh_shape(self):
    return self.ICI_MESH_SHAPE

  @property
  def mesh_axis_names(self):
    return self.MESH_AXIS_NAMES

  def make_mesh(self):
    return jax.make_mesh(tuple(self.ici_mesh_shape), tuple(self.mesh_axis_names))

  def task(self):
    raise NotImplementedError


def place(mesh, x, mapping):
  return jax.device_put(x, NamedSharding(mesh, split_spec(mapping)))
# ------------------------------------------------------------------------------ end pax_lite --


class Prefill(BaseLayer):
  HPARAMS = dict(num_heads=0, dim_per_head=0)

  def fprop(self, mesh, x, wk):
    act = self.activation_split_dims_mapping

    def body(xb, w):
      return jnp.einsum('btd,dnh->btnh', xb, w)

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(split_spec(act.inp), split_spec(self.weight_split_dims_mapping.wk)),
                         out_specs=split_spec(act.cache))(x, wk)


class CacheHandoff(BaseLayer):
  HPARAMS = dict(decode_cache_mapping=(), gathered_axes=())

  def handoff_spec(self):
    return P(*self.decode_cache_mapping, reduced=set(self.gathered_axes))

  def fprop(self, cache):
    return top_level_all_gather(cache, self.handoff_spec())


@experiment_registry.register
class PrefillDecode4x2(BaseExperiment):
  ICI_MESH_SHAPE = (4, 2)
  MESH_AXIS_NAMES = ('data', 'mdl')
  DECODE_CACHE_MAPPING = (None, 'mdl', None, None)

  def task(self):
    prefill = Config(Prefill, num_heads=4, dim_per_head=2,
                     weight_split_dims_mapping=SplitDims(wk=(None, 'mdl', None)),
                     activation_split_dims_mapping=SplitDims(inp=('data', None, None),
                                                             cache=('data', None, 'mdl', None)))
    handoff = Config(CacheHandoff, decode_cache_mapping=self.DECODE_CACHE_MAPPING,
                     gathered_axes=('data',))
    return prefill, handoff


def inputs():
  rng = np.random.default_rng(63)
  return 'PrefillDecode4x2', rng.standard_normal((8, 3, 6)).astype(np.float32)


def main(exp_name, x):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  prefill_cfg, handoff_cfg = exp.task()
  prefill, handoff = instantiate(prefill_cfg), instantiate(handoff_cfg)
  wk = place(mesh, np.ones((6, 4, 2), np.float32) * 0.1, prefill.weight_split_dims_mapping.wk)
  x = place(mesh, x, prefill.activation_split_dims_mapping.inp)
  with jax.set_mesh(mesh):
    cache = prefill.fprop(mesh, x, wk)
    decode_cache = handoff.fprop(cache)
  print(decode_cache.shape, decode_cache.sharding.spec)


if __name__ == '__main__':
  main(*inputs())
