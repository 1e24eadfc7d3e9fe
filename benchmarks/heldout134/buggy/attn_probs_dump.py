"""lingvo_lite/layers/attentions/attention_viz.py

Attention-map export for the visualisation tool: the probabilities of every head (heads split
over 'mdl', batch over 'data') are gathered over the head shards, then over every axis the
activation mapping of the probabilities names.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

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


class AttentionMapExporter(BaseLayer):
  HPARAMS = dict(head_axis='mdl')

  def export_axes(self):
    return tuple(a for a in self.activation_split_dims_mapping.probs if a is not None)

  def fprop(self, probs):
    heads = jax.lax.all_gather(probs, self.head_axis, axis=1, tiled=True, to='reduced')
    return jax.lax.all_gather(heads, self.export_axes(), axis=0, tiled=True, to='reduced')


class SelfAttention(BaseLayer):
  HPARAMS = dict(model_dims=0, num_heads=0, exporter_tpl=None)

  def setup(self):
    tpl = self.exporter_tpl.clone(activation_split_dims_mapping=self.activation_split_dims_mapping)
    self.create_child('exporter', tpl)

  def fprop(self, mesh, wq, wk, x):
    act = self.activation_split_dims_mapping
    w = split_spec(self.weight_split_dims_mapping.proj)

    def body(xb, q_w, k_w):
      q = jnp.einsum('btd,dnh->bnth', xb, q_w)
      k = jnp.einsum('btd,dnh->bnth', xb, k_w)
      probs = jax.nn.softmax(jnp.einsum('bnth,bnsh->bnts', q, k), axis=-1)
      return self.exporter(probs)

    out_spec = P(None, None, None, None, reduced=set(self.exporter.export_axes()))
    return jax.shard_map(body, mesh=mesh, in_specs=(split_spec(act.inp), w, w),
                         out_specs=out_spec)(x, wq, wk)


@experiment_registry.register
class AttnViz2x4(BaseExperiment):
  ICI_MESH_SHAPE = (2, 4)
  MESH_AXIS_NAMES = ('data', 'mdl')

  def task(self):
    return Config(SelfAttention, model_dims=8, num_heads=4,
                  exporter_tpl=Config(AttentionMapExporter, head_axis='mdl'),
                  mesh_axis_names=self.mesh_axis_names,
                  weight_split_dims_mapping=SplitDims(proj=(None, 'mdl', None)),
                  activation_split_dims_mapping=SplitDims(inp=('data', None, None),
                                                          probs=('data', 'mdl', None, None)))


def inputs():
  x = np.sin(np.arange(2 * 5 * 8, dtype=np.float32)).reshape(2, 5, 8)
  return 'AttnViz2x4', x


def main(exp_name, x):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  layer = instantiate(exp.task())
  k1, k2 = jax.random.split(jax.random.PRNGKey(6))
  spec = layer.weight_split_dims_mapping.proj
  wq = place(mesh, jax.random.normal(k1, (8, 4, 2)), spec)
  wk = place(mesh, jax.random.normal(k2, (8, 4, 2)), spec)
  x = place(mesh, x, layer.activation_split_dims_mapping.inp)
  with jax.set_mesh(mesh):
    maps = layer.fprop(mesh, wq, wk, x)
  print(maps.shape)


if __name__ == '__main__':
  main(*inputs())
