"""lingvo_lite/layers/attentions/head_averaged_alignment.py

Alignment extraction for a speech model: the attention probabilities of all heads (heads split
over 'mdl') are gathered on every model shard, and the alignment is the head-averaged
probability, taken by argmax on the host.
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


class CrossAttention(BaseLayer):
  HPARAMS = dict(model_dims=0, num_heads=0, dim_per_head=0)

  def init(self, key):
    k1, k2 = jax.random.split(key)
    shape = (self.model_dims, self.num_heads, self.dim_per_head)
    return jax.random.normal(k1, shape) * 0.3, jax.random.normal(k2, shape) * 0.3

  def alignment_body(self, dec, enc, wq, wk):
    head_axis = self.weight_split_dims_mapping.proj[1]
    q = jnp.einsum('btd,dnh->bnth', dec, wq)
    k = jnp.einsum('bsd,dnh->bnsh', enc, wk)
    probs = jax.nn.softmax(jnp.einsum('bnth,bnsh->bnts', q, k), axis=-1)
    all_heads = jax.lax.all_gather(probs, head_axis, axis=1, tiled=True, to='reduced')
    return jnp.mean(all_heads, axis=1)

  def fprop(self, mesh, theta, dec, enc):
    act = self.activation_split_dims_mapping
    w = split_spec(self.weight_split_dims_mapping.proj)
    head_axis = self.weight_split_dims_mapping.proj[1]
    fn = jax.shard_map(self.alignment_body, mesh=mesh,
                       in_specs=(split_spec(act.dec), split_spec(act.enc), w, w),
                       out_specs=P(act.dec[0], None, None, reduced={head_axis}))
    return fn(dec, enc, *theta)


@experiment_registry.register
class Alignment2x4(BaseExperiment):
  ICI_MESH_SHAPE = (2, 4)
  MESH_AXIS_NAMES = ('data', 'mdl')

  def task(self):
    return Config(CrossAttention, model_dims=8, num_heads=4, dim_per_head=2,
                  mesh_axis_names=self.mesh_axis_names,
                  weight_split_dims_mapping=SplitDims(proj=(None, 'mdl', None)),
                  activation_split_dims_mapping=SplitDims(dec=('data', None, None),
                                                          enc=('data', None, None)))


def inputs():
  rng = np.random.default_rng(12)
  dec = rng.standard_normal((2, 4, 8)).astype(np.float32)
  enc = rng.standard_normal((2, 6, 8)).astype(np.float32)
  return 'Alignment2x4', dec, enc


def main(exp_name, dec, enc):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  layer = instantiate(exp.task())
  theta = tuple(place(mesh, w, layer.weight_split_dims_mapping.proj)
                for w in layer.init(jax.random.PRNGKey(3)))
  act = layer.activation_split_dims_mapping
  dec, enc = place(mesh, dec, act.dec), place(mesh, enc, act.enc)
  with jax.set_mesh(mesh):
    align = layer.fprop(mesh, theta, dec, enc)
  print(align.shape)


if __name__ == '__main__':
  main(*inputs())
